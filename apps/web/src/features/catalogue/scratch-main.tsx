// TEMPORARY dev harness (deleted before reporting).
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { SessionProvider } from '../../app/session-provider';
import { AppLayout } from '../../app/shell/app-layout';
import PropertiesPage from './pages/properties-page';
import { lazy } from 'react';
const PropertyPage = lazy(() => import('./pages/property-page'));
const PropertyNotFoundPage = lazy(() => import('./pages/property-not-found-page'));
import '../../styles/index.css';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <BrowserRouter>
      <SessionProvider>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="/properties" element={<PropertiesPage />} />
            <Route path="/property/:id" element={<PropertyPage />} />
            <Route path="/property/:id/not-found" element={<PropertyNotFoundPage />} />
          </Route>
        </Routes>
      </SessionProvider>
    </BrowserRouter>,
  );
