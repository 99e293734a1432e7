import { jobCalls } from '../../shared/api/jobs.ts';
import { apiUrl, call } from './api-client.ts';

/**
 * Downloads a finished job's file. Files are never behind a lasting link: at the click the app
 * asks the gateway (signed in) for a single-use ticket of a few seconds, then lets the browser
 * download it from the same origin, where the ticket's binding cookie goes along. A refusal is
 * toasted by the client like any call.
 */
export async function downloadJobFile(job: { DataID: string; FileName: string }): Promise<void> {
  const { Url } = await call(jobCalls.getTicket, { DataID: job.DataID });
  const a = document.createElement('a');
  a.href = apiUrl(Url);
  a.download = job.FileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  try {
    a.click();
  } finally {
    a.remove();
  }
}
