import type { ReactNode } from 'react';

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-layout">
      <header className="public-header">
        <span className="brand">Agent Portal</span>
      </header>
      <main id="main" className="public-main">
        {children}
      </main>
    </div>
  );
}
