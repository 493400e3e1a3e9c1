'use client';

import { useEffect, useState } from 'react';
import { growthAuditDialog } from '@/content/forms';
import { GrowthAuditForm } from '@/components/lead-forms/growth-audit-form';
import { buttonClass } from '@/components/ui/button-styles';
import { ModalDialog } from '@/components/ui/modal-dialog';

/** Scroll distance (px) past which the sticky bar appears (docs/product.md section 5.2). */
const STICKY_CTA_THRESHOLD = 800;

/** The growth audit's sticky bar and its form dialog (docs/product.md section 5.2). */
export function UnlockBlueprint({ pitch }: { pitch: string }) {
  const [scrolledPast, setScrolledPast] = useState(false);
  const [covering, setCovering] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const update = () => setScrolledPast(window.scrollY > STICKY_CTA_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    const targets = [
      document.getElementById('audit-form'),
      document.querySelector('footer'),
    ].filter((element): element is HTMLElement => element !== null);
    const visible = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target);
        else visible.delete(entry.target);
      }
      setCovering(visible.size > 0);
    });
    targets.forEach((target) => observer.observe(target));
    return () => {
      window.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);

  return (
    <>
      <div
        data-sticky-cta
        hidden={!scrolledPast || covering}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-ink-200 bg-white/95 shadow-[0_-8px_24px_rgba(2,6,23,0.08)] backdrop-blur"
      >
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <p className="hidden font-semibold text-ink-900 sm:block">{pitch}</p>
          <button
            type="button"
            onClick={() => setOpen(true)}
            className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}
          >
            {growthAuditDialog.unlockLabel}
          </button>
        </div>
      </div>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        labelledBy="growth-audit-dialog-title"
        describedBy="growth-audit-dialog-description"
        className="w-[min(40rem,94vw)] rounded-2xl"
      >
        <div className="p-6 sm:p-8">
          <h2 id="growth-audit-dialog-title" className="text-2xl font-bold text-ink-900">
            {growthAuditDialog.title}
          </h2>
          <p id="growth-audit-dialog-description" className="mt-2 text-ink-700">
            {growthAuditDialog.description}
          </p>
          {/* Mounted only while open, so each opening starts a fresh form. */}
          {open && (
            <div className="mt-6">
              <GrowthAuditForm formId="growth-audit-dialog-form" onCancel={() => setOpen(false)} />
            </div>
          )}
        </div>
      </ModalDialog>
    </>
  );
}
