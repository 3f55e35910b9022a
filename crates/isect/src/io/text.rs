//! What the text formats share: lines with their numbers, words, numbers and how a bad token is
//! shown in a message.

use std::string::String;

use super::{LoadError, Location};
use crate::math::Real;

/// The lines of `bytes` with their numbers from `first`, without their `\n` or `\r\n`.
pub(super) fn lines(bytes: &[u8], first: usize) -> impl Iterator<Item = (usize, &[u8])> {
    bytes
        .split(|&b| b == b'\n')
        .enumerate()
        .map(move |(i, line)| (first + i, line.strip_suffix(b"\r").unwrap_or(line)))
}

/// The words of a line, split at ASCII white space.
pub(super) fn words(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(u8::is_ascii_whitespace)
        .filter(|word| !word.is_empty())
}

/// `word` for a message: at most 40 characters, control characters escaped.
pub(super) fn show(word: &[u8]) -> String {
    let text = String::from_utf8_lossy(word);
    let mut shown: String = text.chars().take(40).flat_map(char::escape_debug).collect();
    if text.chars().count() > 40 {
        shown.push_str("...");
    }
    shown
}

/// Whether `word` is `keyword`, in any case.
pub(super) fn is(word: &[u8], keyword: &str) -> bool {
    word.eq_ignore_ascii_case(keyword.as_bytes())
}

/// `word` as a number (NaN and infinities included, which the callers report as such).
pub(super) fn number(word: &[u8]) -> Option<f64> {
    core::str::from_utf8(word).ok()?.parse().ok()
}

/// `word` as a coordinate, or the error at `line`: not a number, or finite but beyond `Real`'s
/// range (NaN and infinities are returned, for the caller to name the vertex).
pub(super) fn coordinate(word: &[u8], line: usize) -> Result<Real, LoadError> {
    let x = number(word).ok_or_else(|| {
        LoadError::syntax(std::format!("`{}` is not a number", show(word))).at(Location::Line(line))
    })?;
    let r = super::real(x);
    if x.is_finite() && !r.is_finite() {
        return Err(LoadError::syntax(std::format!(
            "`{}` is beyond the range of {} (isect-f64 reads it)",
            show(word),
            core::any::type_name::<Real>()
        ))
        .at(Location::Line(line)));
    }
    Ok(r)
}

/// `word` as an integer.
pub(super) fn integer(word: &[u8]) -> Option<i64> {
    core::str::from_utf8(word).ok()?.parse().ok()
}
