import { BrowserRouter } from 'react-router';
import { SessionContext, anonymousSession } from './session';
import { AppRoutes } from './routes';

export function App() {
  return (
    <SessionContext.Provider value={anonymousSession}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SessionContext.Provider>
  );
}
