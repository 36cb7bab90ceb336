// TEMPORARY (deleted before reporting): serves the scratch harness for every page navigation.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [
    react(),
    {
      name: 'scratch-fallback',
      configureServer(server) {
        server.middlewares.use((req, _res, next) => {
          if (req.headers.accept?.includes('text/html')) req.url = '/scratch-catalogue.html';
          next();
        });
      },
    },
  ],
  build: { outDir: '/tmp/scratch-dist', emptyOutDir: true, target: 'es2022', rollupOptions: { input: 'scratch-catalogue.html' } },
  server: {
    proxy: { '/api': 'http://127.0.0.1:18200', '/media': 'http://127.0.0.1:18200' },
  },
});
