// Submits the SSO logout form (it carries the provider's xsrf value); the button stays as fallback.
const form = document.getElementById('op.logoutForm');
if (form) form.submit();
