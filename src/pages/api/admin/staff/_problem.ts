import { badRequest, notFound, parseId } from '#web/http.ts';
import type { StaffProblem } from '#domain/game/staff/manage.ts';

export const STAFF_NOT_FOUND = 'Staff member not found';

/** The answer to a change of a person the domain refused (the underscore keeps this out of the routes). */
export function staffProblemResponse(problem: StaffProblem): Response {
  switch (problem) {
    case 'not_found':
      return notFound(STAFF_NOT_FOUND);
    case 'merge_into_missing':
      return badRequest('The person to merge into is not one of your staff', 'intoId');
    case 'merge_into_self':
      return badRequest('Choose someone else: a person cannot be merged into themselves', 'intoId');
  }
}

/** The person id of the path, or null for anything but a plain positive integer (answered 404). */
export const staffId = parseId;
