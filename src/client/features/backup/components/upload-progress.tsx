/** How much of the file has gone up; the server's work after the upload shows as "Checking...". */
export function UploadProgress({ label, progress }: { label: string; progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div className="space-y-1.5" role="status">
      <div className="flex justify-between text-sm text-slate-700">
        <span>{percent < 100 ? label : 'Processing...'}</span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <progress aria-label={label} value={progress} max={1} className="h-2 w-full accent-blue-600" />
    </div>
  );
}
