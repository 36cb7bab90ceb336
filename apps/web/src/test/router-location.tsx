import { useLocation, useNavigate } from 'react-router';

/** Test helper inside a router: where it is (data-testid "location"), and the browser's Back. */
export function RouterLocation() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Atrás del navegador
      </button>
    </>
  );
}
