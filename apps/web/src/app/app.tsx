import { BrowserRouter } from 'react-router';
import { SessionProvider } from './session-provider';
import { AppRoutes } from './routes';

export function App() {
  return (
    <BrowserRouter>
      <SessionProvider>
        <AppRoutes />
      </SessionProvider>
    </BrowserRouter>
  );
}
