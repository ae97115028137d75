// What `import Course from './course.mdx'` gives (the @mdx-js/rollup plugin compiles it to a component).
declare module '*.mdx' {
  import type { ComponentType } from 'react';
  const Content: ComponentType;
  export default Content;
}
