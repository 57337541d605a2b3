import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import "./toast.css";

type Toast = { id: number; tone: "success" | "error"; text: string };
type Notify = (text: string, tone?: Toast["tone"]) => void;

const ToastContext = createContext<Notify | null>(null);

/**
 * Toaster shows the results of actions ("Product saved") in a polite live region at the corner
 * of the screen; each disappears after a few seconds or when dismissed.
 */
export function Toaster({ children, timeoutMs = 6000 }: { children: ReactNode; timeoutMs?: number }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  // Pending dismissals, cancelled when the toaster goes (a timer must not update it afterwards).
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const notify = useCallback<Notify>(
    (text, tone = "success") => {
      const id = next.current++;
      setToasts((all) => [...all.slice(-3), { id, tone, text }]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, timeoutMs);
      timers.current.add(timer);
    },
    [dismiss, timeoutMs],
  );
  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext value={value}>
      {children}
      <section className="toaster" aria-label="Notifications" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast--${t.tone}`} role={t.tone === "error" ? "alert" : "status"}>
            <span>{t.text}</span>
            <button
              type="button"
              className="toast__close"
              aria-label="Dismiss notification"
              onClick={() => dismiss(t.id)}
            >
              ×
            </button>
          </div>
        ))}
      </section>
    </ToastContext>
  );
}

/** useToast returns the function that shows a toast. */
export function useToast(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) throw new Error("useToast needs a Toaster above it");
  return notify;
}
