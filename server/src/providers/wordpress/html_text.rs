//! WordPress writes names and error messages as HTML (`&amp;`, `&#8211;`,
//! `<strong>Error:</strong>`): the plain text people read.

/// `html` without its tags, its entities decoded and its spaces collapsed.
pub fn plain_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    decode_entities(&text).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Named entities WordPress writes, and numeric ones (`&#8217;`, `&#x2019;`).
fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let decoded = after.find(';').filter(|end| *end <= 10).and_then(|end| {
            let name = &after[..end];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                "hellip" => Some('…'),
                "ndash" => Some('–'),
                "mdash" => Some('—'),
                "laquo" => Some('«'),
                "raquo" => Some('»'),
                _ => {
                    let number = name.strip_prefix('#')?;
                    let code = match number.strip_prefix(['x', 'X']) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                        None => number.parse().ok()?,
                    };
                    char::from_u32(code)
                }
            }?;
            Some((c, end))
        });
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &after[end + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_go_and_entities_are_read() {
        assert_eq!(
            plain_text(
                "<strong>Error:</strong> The password you entered for the username \
                 <strong>admin</strong> is incorrect. <a href=\"x\">Lost your password?</a>"
            ),
            "Error: The password you entered for the username admin is incorrect. Lost your password?"
        );
        assert_eq!(plain_text("اخبار &amp; رویدادها"), "اخبار & رویدادها");
        assert_eq!(plain_text("It&#8217;s &#x2019; &unknown; & done"), "It’s ’ &unknown; & done");
    }
}
