//! GJK against closed forms.
