/** Doc 2 §8: a 400 shows the server's message; other failures "Something wen't wrong" (spelled so). */
export function failureText(error: unknown): string {
  const status = (error as { status?: number } | null)?.status;
  const message = (error as { message?: string } | null)?.message;
  return status === 400 && message ? message : "Something wen't wrong";
}
