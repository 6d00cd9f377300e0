import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.BACKROOM_API_URL ?? 'http://localhost:3000';

// The dev server proxies every server path so the web app always talks to its own origin
// (better-auth cookies and the store resolution by Host both rely on it).
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/open': { target: api, changeOrigin: false },
      '/uploads': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
});
