// The one module that brings react-toastify: its unstyled build, which writes no stylesheet into the
// page as it runs (styles.css has its sheet).
export { toast, ToastContainer } from 'react-toastify/unstyled';
