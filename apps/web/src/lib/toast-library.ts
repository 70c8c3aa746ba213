// The one module that brings react-toastify, loaded on demand by lib/toast.ts: its chunk is named for it.
// The unstyled build writes no stylesheet into the page; its sheet comes as a file beside this chunk,
// its variables scoped to the toasts (build/toast-styles.ts).
import 'react-toastify/dist/ReactToastify.css';
export { toast, ToastContainer } from 'react-toastify/unstyled';
