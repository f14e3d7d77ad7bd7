import { useState } from 'preact/hooks';
import { type Draft, draftProblems, EMPTY_DRAFT, errorsWithout, type FieldErrors } from './template-draft.ts';

/**
 * A template form's state: the draft, its errors, and `bodyVersion`, bumped when the body is set from
 * outside the editor (emptied after a create, filled when a template opens) so the editor shows it.
 */
export function useTemplateDraft() {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [bodyVersion, setBodyVersion] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});

  /** What the user typed: the fields change and their errors go. */
  const change = (partial: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...partial }));
    setErrors((e) => errorsWithout(e, partial));
  };

  /** A new draft from outside the form, without errors. */
  const reset = (next: Draft) => {
    setDraft(next);
    setBodyVersion((v) => v + 1);
    setErrors({});
  };

  /** Whether the draft passes the rules; when not, its errors show. */
  const passes = () => {
    const problems = draftProblems(draft);
    if (Object.keys(problems).length === 0) return true;
    setErrors(problems);
    return false;
  };

  return { draft, bodyVersion, errors, setErrors, change, reset, passes };
}

export type TemplateDraftState = ReturnType<typeof useTemplateDraft>;
