//! The receptors Kavenegar takes: Iranian mobiles written `09…`, `9…`,
//! `+989…`, `00989…` or `989…` (ASCII digits), comma-separated. It shows
//! each as `09…`.

/// Most receptors one call takes (414 beyond).
pub(super) const MAX_RECEPTORS: usize = 200;

/// One receptor in Kavenegar's form, `09` and nine digits; `None` when it
/// is no Iranian mobile.
pub(super) fn mobile(input: &str) -> Option<String> {
    let input = input.trim();
    let national = ["+98", "0098", "98", "0"]
        .iter()
        .find_map(|prefix| input.strip_prefix(prefix).filter(|rest| rest.len() == 10))
        .unwrap_or(input);
    let well_formed = national.len() == 10
        && national.starts_with('9')
        && national.bytes().all(|b| b.is_ascii_digit());
    well_formed.then(|| format!("0{national}"))
}

/// A comma-separated list in Kavenegar's form; `Err(411)` when one is no
/// mobile, `Err(414)` beyond [`MAX_RECEPTORS`].
pub(super) fn receptors(input: &str) -> Result<Vec<String>, u16> {
    let list: Vec<&str> = input.split(',').collect();
    if list.len() > MAX_RECEPTORS {
        return Err(414);
    }
    list.into_iter().map(|r| mobile(r).ok_or(411)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_kavenegar_takes() {
        for form in ["09123456789", "9123456789", "+989123456789", "00989123456789", "989123456789"]
        {
            assert_eq!(mobile(form).as_deref(), Some("09123456789"), "{form}");
        }
        for bad in ["0912345678", "08123456789", "0912-345-6789", "۰۹۱۲۳۴۵۶۷۸۹", ""] {
            assert_eq!(mobile(bad), None, "{bad}");
        }
        assert_eq!(receptors("09123456789,9351112233").unwrap().len(), 2);
        assert_eq!(receptors("09123456789,0812"), Err(411));
        assert_eq!(receptors(&vec!["09123456789"; 201].join(",")), Err(414));
    }
}
