// For tests of pages that show toasts: their routes under a root that provides the toasts, as
// root.tsx does, and an action that keeps every form it is sent.
import { createRoutesStub, Outlet } from "react-router";
import { ToastProvider } from "./toast";

type StubRoutes = Parameters<typeof createRoutesStub>[0];

function ToastRoot() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

export function toastRoutesStub(children: StubRoutes) {
  return createRoutesStub([{ id: "root", Component: ToastRoot, children }]);
}

/** A route action answering with `answer`; `submissions` holds each form posted to it. */
export function recordingAction(answer: (form: FormData) => unknown) {
  const submissions: FormData[] = [];
  const action = async ({ request }: { request: Request }) => {
    const form = await request.formData();
    submissions.push(form);
    return answer(form);
  };
  return { submissions, action };
}
