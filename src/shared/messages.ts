/**
 * Every user-facing message of the specification's catalogue, in one place, word for word.
 * Screens and the server import from here so a message is never retyped (and never drifts).
 */
export const messages = {
  generic: 'An unexpected error occurred. Please try again.',
  loading: 'Loading...',
  validation: {
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password must be at least 8 characters long',
    passwordLowercase: 'Password must contain at least one lowercase letter',
    passwordUppercase: 'Password must contain at least one uppercase letter',
    passwordNumber: 'Password must contain at least one number',
    passwordSpecial: 'Password must contain at least one special character (@$!%*?&)',
    confirmRequired: 'Please confirm your password',
    passwordsDoNotMatch: 'Passwords do not match',
    typeDelete: 'Please type DELETE to confirm',
    required: 'This field is required',
  },
  contact: {
    sent: 'Message Sent!',
    sendAnother: 'Send another message',
    failed: 'Failed to send message. Please try again.',
    tooMany: 'Too many requests. Please wait a moment before trying again.',
    nameRequired: 'Name is required',
    nameTooLong: 'Name must be at most 100 characters',
    emailTooLong: 'Email must be at most 254 characters',
    subjectRequired: 'Subject is required',
    subjectTooLong: 'Subject must be at most 200 characters',
    messageRequired: 'Message is required',
    messageTooLong: 'Message must be at most 5000 characters',
  },
  search: {
    noResults: 'No results found',
    queryRequired: 'Enter text to search for',
    queryTooLong: 'Search text must be at most 200 characters',
  },
  api: {
    notFound: 'Not found',
    readOnly: 'Your trial has expired. Choose a plan to continue with full access.',
    rateLimited: 'Too many requests. Please wait a moment before trying again.',
    invalidInput: 'Some fields are not valid.',
  },
} as const;
