// The one module that brings react-toastify, loaded on demand by lib/toast.ts: its chunk is named for it.
export { toast, ToastContainer } from 'react-toastify';
