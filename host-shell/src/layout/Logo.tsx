/** Word mark of the suite. */
export function Logo({ title }: { title: string }) {
  return (
    <svg role="img" aria-label={title} width="132" height="28" viewBox="0 0 132 28" xmlns="http://www.w3.org/2000/svg">
      <rect x="0" y="2" width="24" height="24" rx="6" fill="currentColor" />
      <path d="M7 14h10M12 9v10" stroke="white" strokeWidth="2.5" strokeLinecap="round" />
      <text x="32" y="20" fontFamily="Muli, Arial, sans-serif" fontSize="16" fontWeight="700" fill="currentColor">
        {title}
      </text>
    </svg>
  );
}
