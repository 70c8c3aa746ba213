// Log Out in the portal is one click: confirm the provider's sign-out form on the user's behalf.
document.getElementById('confirm-logout')?.click();
