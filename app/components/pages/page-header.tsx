import type { ReactNode } from "react";

/** Title band at the top of every page other than home. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="page__inner">
        <h1 className="page-header__title">{title}</h1>
        {children && <p className="page-header__lead">{children}</p>}
      </div>
    </header>
  );
}
