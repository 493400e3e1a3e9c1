/** Every change the inbox makes posts the session's anti-forgery token (checked in server/admin/endpoints.ts). */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}
