// The monthly-report domain's entry: routes and other domain folders import from here, never a file inside.
export {
  changeMonthlyReport,
  monthlyReportState,
  queueMonthlyReport,
  renderMonthlyReportFiles,
} from './monthly-report';
