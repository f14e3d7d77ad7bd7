import { useEffect, useRef, useState } from 'preact/hooks';
import { AdminCard } from './AdminCard.tsx';
import { adminUpload, showFailure } from './admin-api.ts';

// SPEC.md section 5: the browser checks the declared type and the size first; the server checks the
// real type from the bytes (and refuses unsafe SVGs) again.
const ACCEPTED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/svg+xml'];
const MAX_BYTES = 2 * 1024 * 1024;
const MESSAGES = {
  type: 'Invalid file type. Please select JPG, PNG, or SVG.',
  size: 'File too large. Maximum size is 2MB.',
  missing: 'Please select a logo file first',
};

function fileProblem(file: File): string | undefined {
  if (!ACCEPTED_TYPES.includes(file.type)) return MESSAGES.type;
  if (file.size > MAX_BYTES) return MESSAGES.size;
  return undefined;
}

const kilobytes = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

interface LogoCardProps {
  /** The current logo's address (versioned), or null when there is none. */
  currentLogo: string | null;
  businessName: string;
  /** Set when the plan has no client branding: the reason uploads are refused. */
  brandingRefusal: string | null;
}

/** Logo Management (SPEC.md section 2): pick a file, preview it, upload it. */
export default function LogoCard({ currentLogo, businessName, brandingRefusal }: LogoCardProps) {
  const [logo, setLogo] = useState(currentLogo);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const [done, setDone] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (event: Event) => {
    const chosen = (event.currentTarget as HTMLInputElement).files?.[0] ?? null;
    setDone(false);
    if (!chosen) {
      setFile(null);
      setError(undefined);
      return;
    }
    const problem = fileProblem(chosen);
    setError(problem);
    setFile(problem ? null : chosen);
    if (problem && input.current) input.current.value = '';
  };

  const upload = async () => {
    if (!file) {
      setError(MESSAGES.missing);
      return;
    }
    const problem = fileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setUploading(true);
    setError(undefined);
    try {
      const form = new FormData();
      form.set('logo', file);
      const { companyLogo } = await adminUpload<{ companyLogo: string }>('/api/upload-logo', form);
      setLogo(companyLogo);
      setFile(null);
      setDone(true);
      if (input.current) input.current.value = '';
    } catch (failure) {
      showFailure('Failed to upload logo', failure);
    } finally {
      setUploading(false);
    }
  };

  const shown = preview ?? logo;

  return (
    <AdminCard title="Logo Management" description="Shown on the wallboard. JPG, PNG or SVG, up to 2MB.">
      <div class="flex flex-col gap-5 sm:flex-row sm:items-start">
        <figure class="flex h-28 w-full shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-[repeating-conic-gradient(#f1f5f9_0%_25%,#fff_0%_50%)] bg-[length:16px_16px] p-3 sm:w-40">
          {shown ? (
            <img src={shown} alt={preview ? 'Preview of the selected logo' : `${businessName} logo`} class="max-h-full max-w-full object-contain" />
          ) : (
            <figcaption class="text-center text-xs text-slate-500">No logo yet</figcaption>
          )}
        </figure>
        <div class="min-w-0 flex-1 space-y-3">
          {brandingRefusal && (
            <p class="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="branding-limit-note">
              {brandingRefusal}
            </p>
          )}
          <div hidden={brandingRefusal !== null}>
            <label for="logo-file" class="label">
              Logo file
            </label>
            <input
              id="logo-file"
              ref={input}
              type="file"
              accept=".jpg,.jpeg,.png,.svg,image/jpeg,image/png,image/svg+xml"
              disabled={uploading}
              onChange={choose}
              aria-invalid={error ? 'true' : undefined}
              aria-describedby={error ? 'logo-file-error' : 'logo-file-hint'}
              class="block w-full text-sm text-slate-600 file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-50 disabled:opacity-60"
            />
            {error ? (
              <p id="logo-file-error" role="alert" class="field-error">
                {error}
              </p>
            ) : (
              <p id="logo-file-hint" class="mt-1 text-xs text-slate-500" aria-live="polite">
                {file
                  ? `${file.name} (${kilobytes(file.size)}): preview shown, not uploaded yet.`
                  : done
                    ? 'Logo uploaded.'
                    : logo
                      ? 'Choose a file to replace the current logo.'
                      : 'Choose a file to preview it.'}
              </p>
            )}
          </div>
          <button type="button" class="btn btn-primary w-full sm:w-auto" onClick={() => void upload()} disabled={uploading} hidden={brandingRefusal !== null}>
            {uploading ? 'Uploading...' : 'Upload Logo'}
          </button>
        </div>
      </div>
    </AdminCard>
  );
}
