import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API (port 8080 by default) serves the built app; `npm run dev` proxies /api to it.
// `vite build --ssr src/entry-server.tsx` builds the server render (dist/ssr) the API imports.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: isSsrBuild
    ? { target: 'node20', sourcemap: false, copyPublicDir: false }
    : { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false, manifest: true },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${process.env.PORT ?? '8080'}`,
      '/media': `http://127.0.0.1:${process.env.PORT ?? '8080'}`,
    },
  },
}));
