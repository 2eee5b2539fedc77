//! The knowledge readers against real files (tests/fixtures/knowledge/, made
//! as its README says): the words come out in reading order, at the right
//! page or row, and every file that cannot be read says why.

use std::io::Write;

use dastyar_core::MessageCode;
use dastyar_server::knowledge::extract::{
    ExtractError, Format, Location, MAX_TEXT_CHARS, Section, extract,
};

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/fixtures/knowledge/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|error| panic!("{path}: {error}"))
}

fn read(name: &str, format: Format) -> Result<Vec<Section>, ExtractError> {
    extract(&fixture(name), format)
}

fn whole_text(name: &str, format: Format) -> String {
    let sections = read(name, format).unwrap_or_else(|error| panic!("{name}: {error}"));
    assert_eq!(sections.len(), 1, "{name}: {sections:?}");
    assert_eq!(sections[0].location, Location::Whole, "{name}");
    sections.into_iter().next().map(|section| section.text).unwrap_or_default()
}

fn lines(text: &str) -> Vec<&str> {
    text.lines().map(str::trim).filter(|line| !line.is_empty()).collect()
}

fn row(sheet: &str, row: u32) -> Location {
    Location::Row { sheet: sheet.to_owned(), row }
}

const PRICE: &str = "قیمت اشتراک ماهانه ۲۵۰ هزار تومان است.";
const HOURS: &str = "ساعت کاری پشتیبانی از شنبه تا چهارشنبه، ۹ صبح تا ۵ عصر.";
const DELIVERY: &str = "Delivery takes three working days.";

// ---- Detecting the format ----

#[test]
fn every_fixture_is_detected_by_its_name_and_bytes() {
    let cases = [
        ("notes.txt", Some(Format::Text)),
        ("guide.md", Some(Format::Markdown)),
        ("products.csv", Some(Format::Csv)),
        ("faq.json", Some(Format::Json)),
        ("page.html", Some(Format::Html)),
        ("persian.pdf", Some(Format::Pdf)),
        ("encrypted.pdf", Some(Format::Pdf)),
        ("persian.docx", Some(Format::Docx)),
        ("encrypted.docx", Some(Format::Docx)),
        ("prices.xlsx", Some(Format::Xlsx)),
        ("encrypted.xlsx", Some(Format::Xlsx)),
        ("image.png", None),
    ];
    for (name, expected) in cases {
        let bytes = fixture(name);
        let head = &bytes[..bytes.len().min(1024)];
        assert_eq!(Format::detect(name, None, head), expected, "{name}");
    }
}

#[test]
fn the_bytes_win_over_the_name_for_binary_formats() {
    let pdf = fixture("persian.pdf");
    assert_eq!(Format::detect("notes.txt", Some("text/plain"), &pdf), Some(Format::Pdf));
    let docx = fixture("persian.docx");
    assert_eq!(Format::detect("upload", None, &docx), Some(Format::Docx));
    let xlsx = fixture("prices.xlsx");
    assert_eq!(Format::detect("upload.bin", None, &xlsx), Some(Format::Xlsx));
    // A picture renamed to .txt is still no text.
    assert_eq!(Format::detect("photo.txt", None, &fixture("image.png")), None);
    // An old binary Word file is a compound file too, but no reader takes it.
    assert_eq!(Format::detect("old.doc", None, &fixture("encrypted.docx")), None);
}

#[test]
fn the_declared_type_names_a_format_when_the_name_does_not() {
    let json = b"{\"a\": 1}";
    assert_eq!(
        Format::detect("data", Some("application/json; charset=utf-8"), json),
        Some(Format::Json)
    );
    assert_eq!(Format::detect("page", Some("text/html"), b"<p>x</p>"), Some(Format::Html));
    assert_eq!(Format::detect("list", Some("text/csv"), b"a,b\n1,2\n"), Some(Format::Csv));
    // The name comes first.
    assert_eq!(Format::detect("notes.md", Some("text/plain"), b"# x"), Some(Format::Markdown));
    // Text with no name or type we know is read as plain text.
    assert_eq!(Format::detect("README", None, "سلام".as_bytes()), Some(Format::Text));
    assert_eq!(Format::detect("archive.7z", None, b"7z\xBC\xAF\x27\x1C\x00\x04"), None);
}

#[test]
fn labels_name_the_formats_as_the_messages_do() {
    let labels = [
        (Format::Text, "TXT"),
        (Format::Markdown, "MD"),
        (Format::Csv, "CSV"),
        (Format::Json, "JSON"),
        (Format::Html, "HTML"),
        (Format::Pdf, "PDF"),
        (Format::Docx, "DOCX"),
        (Format::Xlsx, "XLSX"),
    ];
    let accepted = MessageCode::KnowledgeFormatUnsupported.persian();
    for (format, label) in labels {
        assert_eq!(format.label(), label);
        assert!(accepted.contains(label), "{label} missing from «{accepted}»");
    }
}

// ---- Text and Markdown ----

#[test]
fn plain_text_reads_persian_and_english() {
    let text = whole_text("notes.txt", Format::Text);
    assert_eq!(lines(&text), [PRICE, HOURS, DELIVERY]);
}

#[test]
fn a_byte_order_mark_is_dropped() {
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(fixture("notes.txt"));
    let sections = extract(&bytes, Format::Text).unwrap();
    assert!(sections[0].text.starts_with("قیمت"), "{:?}", sections[0].text);
}

#[test]
fn utf16_with_a_byte_order_mark_is_decoded() {
    let text = String::from_utf8(fixture("notes.txt")).unwrap();
    let mut little_endian = vec![0xFF, 0xFE];
    little_endian.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let mut big_endian = vec![0xFE, 0xFF];
    big_endian.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
    for bytes in [little_endian, big_endian] {
        assert_eq!(Format::detect("notes.txt", None, &bytes), Some(Format::Text));
        assert_eq!(extract(&bytes, Format::Text).unwrap()[0].text, text);
    }
}

#[test]
fn an_older_persian_file_in_windows_1256_is_decoded() {
    let text = whole_text("legacy-windows-1256.txt", Format::Text);
    // Windows-1256 has the Arabic yeh (ي), not the Persian one.
    assert_eq!(lines(&text), ["قيمت اشتراک ماهانه", "Price of the monthly plan"]);
}

#[test]
fn markdown_stays_as_written() {
    let text = whole_text("guide.md", Format::Markdown);
    assert!(text.contains("# راهنمای خرید"), "{text}");
    assert!(text.contains("برای **ثبت سفارش** وارد حساب خود شوید."), "{text}");
    assert!(text.contains("Items can be returned within seven days."), "{text}");
}

// ---- CSV ----

#[test]
fn each_csv_row_names_its_columns() {
    let sections = read("products.csv", Format::Csv).unwrap();
    let expected = [
        (row("", 2), "نام: چای سبز | قیمت: ۱۲۰۰۰۰ | توضیح: بسته ۱۰۰ گرمی، ارگانیک"),
        // The empty description is left out.
        (row("", 3), "نام: قهوه | قیمت: ۳۵۰۰۰۰"),
        (row("", 4), "نام: Green tea | قیمت: 4.5 | توضیح: Loose leaf, 100 g"),
    ];
    let actual: Vec<(Location, &str)> =
        sections.iter().map(|section| (section.location.clone(), section.text.as_str())).collect();
    assert_eq!(actual, expected.to_vec());
}

#[test]
fn a_csv_split_by_semicolons_or_tabs_is_read_too() {
    for separator in [";", "\t"] {
        let csv = format!("شهر{separator}تلفن\nتهران{separator}021-5555\n\nشیراز{separator}071\n");
        let sections = extract(csv.as_bytes(), Format::Csv).unwrap();
        let texts: Vec<(Location, &str)> = sections
            .iter()
            .map(|section| (section.location.clone(), section.text.as_str()))
            .collect();
        // The blank line is row 3 and gives nothing.
        assert_eq!(
            texts,
            [(row("", 2), "شهر: تهران | تلفن: 021-5555"), (row("", 4), "شهر: شیراز | تلفن: 071")]
        );
    }
}

#[test]
fn a_csv_of_only_a_header_gives_the_header() {
    let sections = extract("نام,قیمت\n".as_bytes(), Format::Csv).unwrap();
    assert_eq!(sections, [Section { location: row("", 1), text: "نام | قیمت".to_owned() }]);
}

#[test]
fn an_empty_csv_has_no_text() {
    assert_eq!(extract(b"\n,,\n", Format::Csv), Err(ExtractError::NoText));
}

#[test]
fn a_csv_with_too_many_rows_is_too_large() {
    // Short rows: the row limit (200,000) is reached long before the characters'.
    let mut csv = String::from("n\n");
    csv.push_str(&"1\n".repeat(200_001));
    assert_eq!(
        extract(csv.as_bytes(), Format::Csv),
        Err(ExtractError::TooLarge { limit_chars: MAX_TEXT_CHARS })
    );
    let mut csv = String::from("n\n");
    csv.push_str(&"1\n".repeat(200_000));
    assert_eq!(extract(csv.as_bytes(), Format::Csv).map(|sections| sections.len()), Ok(200_000));
}

// ---- JSON ----

#[test]
fn json_reads_as_path_and_value_lines() {
    let text = whole_text("faq.json", Format::Json);
    for line in [
        "store.name: فروشگاه دستیار",
        "store.city: تهران",
        "store.open: true",
        "faq[0].question: زمان ارسال چقدر است؟",
        "faq[0].answer: سه روز کاری",
        "faq[1].question: How do I pay?",
        "tags: چای, قهوه",
    ] {
        assert!(lines(&text).contains(&line), "{line} missing from:\n{text}");
    }
}

#[test]
fn a_json_array_gives_a_section_per_element() {
    let json =
        r#"[{"question": "ارسال؟", "answer": "سه روز"}, {"question": "Pay?", "answer": null}, {}]"#;
    let sections = extract(json.as_bytes(), Format::Json).unwrap();
    let texts: Vec<&str> = sections.iter().map(|section| section.text.as_str()).collect();
    assert_eq!(texts, ["answer: سه روز\nquestion: ارسال؟", "question: Pay?"]);
    assert!(sections.iter().all(|section| section.location == Location::Whole));
}

#[test]
fn a_json_scalar_is_its_own_text() {
    let sections = extract("\"سلام\"".as_bytes(), Format::Json).unwrap();
    assert_eq!(sections[0].text, "سلام");
}

#[test]
fn invalid_json_is_corrupt_and_empty_json_has_no_text() {
    assert_eq!(extract(b"{\"a\": ", Format::Json), Err(ExtractError::Corrupt));
    // Deeper than serde_json's recursion limit: refused, not a stack overflow.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert_eq!(extract(deep.as_bytes(), Format::Json), Err(ExtractError::Corrupt));
    assert_eq!(
        extract(b"{\"a\": null, \"b\": \"  \", \"c\": []}", Format::Json),
        Err(ExtractError::NoText)
    );
}

// ---- HTML ----

#[test]
fn html_keeps_the_visible_text_in_paragraphs() {
    let text = whole_text("page.html", Format::Html);
    let lines = lines(&text);
    assert!(lines.iter().any(|line| line.ends_with("درباره فروشگاه")), "{text}");
    assert!(lines.contains(&"ما از سال ۱۳۹۵ چای و قهوه می‌فروشیم."), "{text}");
    assert!(lines.contains(&"Shipping is free for orders over one million rials."), "{text}");
    assert!(lines.iter().any(|line| line.ends_with("ارسال سریع")), "{text}");
    for hidden in ["trackingSecret", "do-not-index", "hidden-style-rule", "color"] {
        assert!(!text.contains(hidden), "{hidden} leaked into:\n{text}");
    }
}

#[test]
fn html_without_text_has_none() {
    let html = b"<html><head><script>var a = 1;</script></head><body><img src=x></body></html>";
    assert_eq!(extract(html, Format::Html), Err(ExtractError::NoText));
}

#[test]
fn html_nested_too_deep_is_refused_before_it_is_built() {
    // html5ever builds deep nesting in quadratic time; this would take minutes.
    let deep = format!("{}x{}", "<div>".repeat(100_000), "</div>".repeat(100_000));
    assert_eq!(extract(deep.as_bytes(), Format::Html), Err(ExtractError::Corrupt));
    // `<div/>` is an open <div> in HTML.
    let deep = format!("{}x", "<div/>".repeat(5_000));
    assert_eq!(extract(deep.as_bytes(), Format::Html), Err(ExtractError::Corrupt));
}

#[test]
fn html_depth_counts_only_elements_that_stay_open() {
    let pages = [
        // Closed, left open where HTML allows it, void, self-closing in SVG, or inside a script.
        "<div><p>x</p></div>".repeat(5_000),
        "<ul>".to_owned() + &"<li>x".repeat(5_000) + "</ul>",
        "<br><img src=a>".repeat(5_000),
        format!("<svg>{}</svg>", "<path d='M0 0'/>".repeat(5_000)),
        format!("<script>{}</script>", "<div>".repeat(5_000)),
    ];
    for page in pages {
        let html = format!("{page}<p>پایان</p>");
        let text = extract(html.as_bytes(), Format::Html).unwrap().remove(0).text;
        assert!(text.trim_end().ends_with("پایان"), "{}", &html[..60]);
    }
}

// ---- PDF ----

#[test]
fn a_persian_pdf_reads_in_reading_order() {
    let sections = read("persian.pdf", Format::Pdf).unwrap();
    assert_eq!(sections.len(), 1, "{sections:?}");
    assert_eq!(sections[0].location, Location::Page { page: 1 });
    let text = &sections[0].text;
    let lines = lines(text);
    // LibreOffice draws the glyphs left to right: without reordering this
    // line came out as «.تسا ناموت رازه ۲۵۰ هناهام کارتشا تمیق».
    assert_eq!(lines[0], PRICE, "{text}");
    assert_eq!(lines[1], "پشتیبانی: تلفن و ایمیل", "{text}");
    assert_eq!(lines[2], HOURS, "{text}");
    // A Latin run, a code, a number and the lam-alef ligature in کالا.
    assert!(
        lines[3].starts_with("کالای «چای سبز» (Green tea) با کد ABC-123 و قیمت 45000 ریال ارسال"),
        "{text}"
    );
    assert_eq!(lines[4], DELIVERY, "{text}");
    assert!(!text.contains("تمیق"), "reversed word in:\n{text}");
}

#[test]
fn a_pdf_from_another_producer_reads_in_order_page_by_page() {
    let sections = read("two-pages.pdf", Format::Pdf).unwrap();
    let pages: Vec<(Location, &str)> =
        sections.iter().map(|section| (section.location.clone(), section.text.as_str())).collect();
    assert_eq!(
        pages,
        [
            (Location::Page { page: 1 }, "Page one: opening hours are nine to five."),
            (Location::Page { page: 2 }, "صفحه دوم: فهرست قیمت‌ها"),
        ]
    );
}

#[test]
fn a_pdf_that_needs_a_password_is_encrypted() {
    assert_eq!(read("encrypted.pdf", Format::Pdf), Err(ExtractError::Encrypted));
}

#[test]
fn a_pdf_with_only_an_owner_password_is_read() {
    let locked = read("owner-locked.pdf", Format::Pdf).unwrap();
    let plain = read("persian.pdf", Format::Pdf).unwrap();
    assert_eq!(locked, plain);
}

#[test]
fn a_scanned_pdf_has_no_text() {
    assert_eq!(read("scanned.pdf", Format::Pdf), Err(ExtractError::NoText));
}

#[test]
fn a_truncated_or_foreign_pdf_is_corrupt() {
    let pdf = fixture("persian.pdf");
    for cut in [pdf.len() / 3, pdf.len() / 2, 400] {
        assert_eq!(extract(&pdf[..cut], Format::Pdf), Err(ExtractError::Corrupt), "cut at {cut}");
    }
    assert_eq!(extract(&fixture("image.png"), Format::Pdf), Err(ExtractError::Corrupt));
    assert_eq!(extract(b"", Format::Pdf), Err(ExtractError::Corrupt));
}

#[test]
fn a_panic_inside_the_pdf_reader_is_corrupt() {
    // A font with an encoding pdf-extract does not know: it panics
    // ("unsupported encoding") while reading the page.
    let pdf = pdf_with_font_encoding("NoSuchEncoding");
    assert_eq!(extract(&pdf, Format::Pdf), Err(ExtractError::Corrupt));
    // The same file with a real encoding reads, so the panic was the encoding.
    let pdf = pdf_with_font_encoding("WinAnsiEncoding");
    let sections = extract(&pdf, Format::Pdf).unwrap();
    assert_eq!(sections[0].text, "Hello");
}

/// A one-page PDF showing "Hello" in Helvetica with the named encoding.
fn pdf_with_font_encoding(encoding: &str) -> Vec<u8> {
    use pdf_extract::{Dictionary, Document, Object, Stream};
    let mut document = Document::with_version("1.5");
    let pages_id = document.new_object_id();
    let mut font = Dictionary::new();
    font.set("Type", Object::Name(b"Font".to_vec()));
    font.set("Subtype", Object::Name(b"Type1".to_vec()));
    font.set("BaseFont", Object::Name(b"Helvetica".to_vec()));
    font.set("Encoding", Object::Name(encoding.as_bytes().to_vec()));
    let font_id = document.add_object(font);
    let mut fonts = Dictionary::new();
    fonts.set("F1", Object::Reference(font_id));
    let mut resources = Dictionary::new();
    resources.set("Font", Object::Dictionary(fonts));
    let content = b"BT /F1 24 Tf 72 700 Td (Hello) Tj ET".to_vec();
    let content_id = document.add_object(Stream::new(Dictionary::new(), content));
    let mut page = Dictionary::new();
    page.set("Type", Object::Name(b"Page".to_vec()));
    page.set("Parent", Object::Reference(pages_id));
    page.set("Contents", Object::Reference(content_id));
    page.set("Resources", Object::Dictionary(resources));
    page.set("MediaBox", Object::Array(vec![0.into(), 0.into(), 612.into(), 792.into()]));
    let page_id = document.add_object(page);
    let mut pages = Dictionary::new();
    pages.set("Type", Object::Name(b"Pages".to_vec()));
    pages.set("Kids", Object::Array(vec![Object::Reference(page_id)]));
    pages.set("Count", Object::Integer(1));
    document.objects.insert(pages_id, Object::Dictionary(pages));
    let mut catalog = Dictionary::new();
    catalog.set("Type", Object::Name(b"Catalog".to_vec()));
    catalog.set("Pages", Object::Reference(pages_id));
    let catalog_id = document.add_object(catalog);
    document.trailer.set("Root", Object::Reference(catalog_id));
    let mut bytes = Vec::new();
    document.save_to(&mut bytes).unwrap();
    bytes
}

// ---- DOCX ----

#[test]
fn a_persian_docx_reads_paragraph_by_paragraph() {
    let text = whole_text("persian.docx", Format::Docx);
    assert_eq!(
        lines(&text),
        [
            PRICE,
            // A tab and a line break inside one paragraph.
            "پشتیبانی:\tتلفن و ایمیل",
            HOURS,
            "کالای «چای سبز» (Green tea) با کد ABC-123 و قیمت 45000 ریال ارسال می‌شود.",
            DELIVERY,
        ]
    );
}

#[test]
fn a_password_protected_docx_is_encrypted() {
    assert_eq!(read("encrypted.docx", Format::Docx), Err(ExtractError::Encrypted));
}

#[test]
fn a_truncated_docx_is_corrupt() {
    let docx = fixture("persian.docx");
    assert_eq!(extract(&docx[..docx.len() / 2], Format::Docx), Err(ExtractError::Corrupt));
    assert_eq!(extract(b"not a zip at all", Format::Docx), Err(ExtractError::Corrupt));
}

#[test]
fn a_zip_without_a_document_is_corrupt() {
    let zip = zip_of(&[("word/styles.xml", b"<w:styles/>")]);
    assert_eq!(extract(&zip, Format::Docx), Err(ExtractError::Corrupt));
}

#[test]
fn an_old_binary_word_file_is_unsupported() {
    // A compound file without an encrypted package in it.
    let mut ole = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
    ole.extend("WordDocument".encode_utf16().flat_map(u16::to_le_bytes));
    ole.resize(4096, 0);
    assert_eq!(extract(&ole, Format::Docx), Err(ExtractError::Unsupported));
    assert_eq!(extract(&ole, Format::Xlsx), Err(ExtractError::Unsupported));
}

#[test]
fn a_docx_keeps_escaped_characters_and_skips_tab_stops_and_deleted_text() {
    let document = r#"<?xml version="1.0" encoding="UTF-8"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:body>
<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>
<w:r><w:t xml:space="preserve">چای &amp; قهوه &#1602;</w:t></w:r>
<w:del><w:r><w:delText>حذف‌شده</w:delText></w:r></w:del></w:p>
<w:p/>
<w:p><w:r><w:t>دوم</w:t></w:r></w:p>
</w:body></w:document>"#;
    let zip = zip_of(&[("word/document.xml", document.as_bytes())]);
    let text = extract(&zip, Format::Docx).unwrap().remove(0).text;
    assert_eq!(text, "چای & قهوه ق\n\nدوم\n");
}

#[test]
fn a_package_that_unpacks_past_the_bound_is_too_large() {
    let mut zip = zip_of(&[("word/document.xml", b"<w:document/>")]);
    // Declare 3 GiB unpacked in the central directory, as a zip bomb would.
    let central = zip.windows(4).position(|window| window == b"PK\x01\x02").unwrap();
    zip[central + 24..central + 28].copy_from_slice(&0xC000_0000u32.to_le_bytes());
    let too_large = Err(ExtractError::TooLarge { limit_chars: MAX_TEXT_CHARS });
    assert_eq!(extract(&zip, Format::Docx), too_large);
    assert_eq!(extract(&zip, Format::Xlsx), too_large);
}

fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, contents) in entries {
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        zip.start_file(*name, options).unwrap();
        zip.write_all(contents).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

// ---- XLSX ----

#[test]
fn each_sheet_row_names_its_columns_at_the_row_the_sheet_gives() {
    let sections = read("prices.xlsx", Format::Xlsx).unwrap();
    let actual: Vec<(Location, &str)> =
        sections.iter().map(|section| (section.location.clone(), section.text.as_str())).collect();
    assert_eq!(
        actual,
        [
            (row("محصولات", 2), "نام: چای سبز | قیمت: 120000 | موجودی: 12"),
            (row("محصولات", 3), "نام: قهوه | قیمت: 350000"),
            // This sheet's table starts at C3: its header is row 3.
            (row("Branches", 4), "City: تهران | Phone: 021-5555"),
            (row("Branches", 5), "City: Shiraz | Phone: 071-4444"),
        ]
    );
}

#[test]
fn a_password_protected_xlsx_is_encrypted() {
    assert_eq!(read("encrypted.xlsx", Format::Xlsx), Err(ExtractError::Encrypted));
}

#[test]
fn a_truncated_xlsx_is_corrupt() {
    let xlsx = fixture("prices.xlsx");
    assert_eq!(extract(&xlsx[..xlsx.len() / 2], Format::Xlsx), Err(ExtractError::Corrupt));
    // A DOCX is a zip too, but no workbook.
    assert_eq!(read("persian.docx", Format::Xlsx), Err(ExtractError::Corrupt));
}

// ---- Limits ----

#[test]
fn text_past_the_limit_is_too_large() {
    let at_limit = "ب".repeat(MAX_TEXT_CHARS);
    assert_eq!(extract(at_limit.as_bytes(), Format::Text).map(|sections| sections.len()), Ok(1));
    let past = "ب".repeat(MAX_TEXT_CHARS + 1);
    let too_large = Err(ExtractError::TooLarge { limit_chars: MAX_TEXT_CHARS });
    assert_eq!(extract(past.as_bytes(), Format::Text), too_large);
    assert_eq!(extract(format!("<p>{past}</p>").as_bytes(), Format::Html), too_large);
    assert_eq!(extract(format!("{{\"a\": \"{past}\"}}").as_bytes(), Format::Json), too_large);
}

#[test]
fn empty_text_has_none() {
    assert_eq!(extract(b"", Format::Text), Err(ExtractError::NoText));
    assert_eq!(extract(b" \n\t\n", Format::Markdown), Err(ExtractError::NoText));
}

// ---- Messages ----

#[test]
fn each_error_has_its_code_and_a_filled_persian_message() {
    let cases = [
        (ExtractError::Unsupported, MessageCode::KnowledgeFormatUnsupported),
        (ExtractError::NoText, MessageCode::KnowledgeNoText),
        (ExtractError::Encrypted, MessageCode::KnowledgeEncrypted),
        (ExtractError::Corrupt, MessageCode::KnowledgeCorrupt),
        (ExtractError::TooLarge { limit_chars: MAX_TEXT_CHARS }, MessageCode::KnowledgeTooLarge),
    ];
    for (error, code) in cases {
        assert_eq!(error.code(), code);
        let message = error.message("قیمت‌ها.pdf", Some(Format::Pdf));
        assert!(message.contains("«قیمت‌ها.pdf»"), "{message}");
        assert!(!message.contains('{') && !message.contains('}'), "{message}");
    }
    let corrupt = ExtractError::Corrupt.message("a.docx", Some(Format::Docx));
    assert!(corrupt.contains("به‌عنوان DOCX"), "{corrupt}");
    let too_large =
        ExtractError::TooLarge { limit_chars: MAX_TEXT_CHARS }.message("کتاب.txt", None);
    assert!(too_large.contains("بیش از ۲٬۰۰۰٬۰۰۰ نویسه"), "{too_large}");
}
