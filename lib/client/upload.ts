import { ApiRequestError, readErrorMessage } from "./api";

/**
 * POSTs a multipart form to the API, reporting upload progress (0–1). fetch cannot report the
 * progress of a request body, XMLHttpRequest can.
 */
export function postFormWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api/v1${path}`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = request.responseText;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // keep the text
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(new ApiRequestError(request.status, readErrorMessage(body, request.status)));
    };
    request.onerror = () => reject(new ApiRequestError(0, "The upload failed: network error"));
    request.onabort = () => reject(new ApiRequestError(0, "The upload was cancelled"));
    signal?.addEventListener("abort", () => request.abort());
    request.send(form);
  });
}
