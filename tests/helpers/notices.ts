/** A live notice as published, without its id (which every notice must have: checked here). */
export function noticeWithoutId(payload: string): { workspaceId: number; event: string } {
  const { id, ...notice } = JSON.parse(payload) as { id: unknown; workspaceId: number; event: string };
  if (typeof id !== 'string' || id === '') throw new Error(`A live notice without an id: ${payload}`);
  return notice;
}
