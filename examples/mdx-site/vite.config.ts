import mdx from '@mdx-js/rollup';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firetimeFallback } from './firetimeFallback';

// MDX first (it turns course.mdx into a React component), then React's own plugin over both;
// firetimeFallback writes the cards' opening numbers into index.html's <noscript> (docs/embed.md).
export default defineConfig({
  plugins: [{ enforce: 'pre', ...mdx() }, react({ include: /\.(mdx|tsx?)$/ }), firetimeFallback],
});
