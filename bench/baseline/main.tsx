import { createRoot } from 'react-dom/client';

// The floor the bundle benchmark compares against: React 19 rendering one element.
createRoot(document.getElementById('root')!).render(<h1>Hello</h1>);
