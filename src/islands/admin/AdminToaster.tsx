import { Toast } from '../ui/toast.tsx';
import { dismissAdminToast, useAdminToast } from './admin-toast.ts';

/** Renders the admin panel's one toast; mounted once on the admin page. */
export default function AdminToaster() {
  const toast = useAdminToast();
  return <Toast toast={toast} onDismiss={dismissAdminToast} />;
}
