"use client";

import { useState } from "react";
import { Dialog } from "./dialog";
import { buttonClass } from "./styles";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}

/** "Are you sure?" for destructive actions; the confirm button waits for the action to finish. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = "Delete",
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={open} title={title} onClose={onClose} width="max-w-md" testId="confirm-dialog">
      <p className="text-sm text-slate-700">{message}</p>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={buttonClass.danger}
          disabled={pending}
          onClick={async () => {
            setPending(true);
            try {
              await onConfirm();
              onClose();
            } finally {
              setPending(false);
            }
          }}
        >
          {pending ? "Working…" : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
