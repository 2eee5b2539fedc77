//! Kavenegar's one answer shape, `{"return": {"status", "message"},
//! "entries": ...}`, with its own Persian message for each `return.status`
//! (its documentation's table 1). An error carries `"entries": null` and,
//! unless the fake is told otherwise, the code as its HTTP status.

use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// What a method answers: its entries, or the `return.status` refusing it.
pub(super) type Outcome = Result<Value, u16>;

/// Kavenegar's message for a `return.status`.
pub fn status_message(status: u16) -> &'static str {
    match status {
        200 => "تایید شد",
        400 => "پارامترها ناقص هستند",
        401 => "حساب کاربری غیرفعال شده است",
        402 => "عملیات ناموفق بود",
        403 => "کد شناسائی API-Key معتبر نمیباشد",
        404 => "متد نامشخص است",
        405 => "متد Get/Post اشتباه است",
        406 => "پارامترهای اجباری خالی ارسال شده اند",
        407 => "دسترسی به اطلاعات مورد نظر برای شما امکان پذیر نیست",
        409 => "سرور قادر به پاسخگوئی نیست بعدا تلاش کنید",
        411 => "دریافت کننده نامعتبر است",
        412 => "ارسال کننده نامعتبر است",
        413 => "پیام خالی است و یا طول پیام بیش از حد مجاز میباشد",
        414 => "حجم درخواست بیشتر از حد مجاز است",
        415 => "اندیس شروع بزرگ تر از کل تعداد شماره های مورد نظر است",
        416 => "IP سرویس مبدا با تنظیمات مطابقت ندارد",
        417 => "تاریخ ارسال اشتباه است و فرمت آن صحیح نمی باشد",
        418 => "اعتبار شما کافی نمیباشد",
        419 => "طول آرایه متن و گیرنده و فرستنده هم اندازه نیست",
        420 => "استفاده از لینک در متن پیام برای شما محدود شده است",
        422 => "داده ها به دلیل وجود کاراکتر نامناسب قابل پردازش نیست",
        424 => "الگوی مورد نظر پیدا نشد",
        426 => "استفاده از این متد نیازمند سرویس پیشرفته میباشد",
        427 => "استفاده از این خط نیازمند ایجاد سطح دسترسی می باشد",
        428 => "ارسال کد از طریق تماس تلفنی امکان پذیر نیست",
        429 => "IP محدود شده است",
        431 => "ساختار کد صحیح نمیباشد",
        432 => "پارامتر کد در متن پیام پیدا نشد",
        451 => "فراخوانی بیش از حد در بازه زمانی مشخص IP محدود شده",
        501 => "فقط امکان ارسال پیام تست به شماره صاحب حساب کاربری وجود دارد",
        607 => "نام تگ انتخابی اشتباه است",
        _ => "خطای ناشناخته",
    }
}

/// The answer to `outcome`; `errors_with_http_200` keeps a refusal's HTTP status at 200.
pub(super) fn respond(outcome: Outcome, errors_with_http_200: bool) -> Response {
    match outcome {
        Ok(entries) => Json(json!({
            "return": {"status": 200, "message": status_message(200)},
            "entries": entries,
        }))
        .into_response(),
        Err(status) => {
            let body = json!({
                "return": {"status": status, "message": status_message(status)},
                "entries": null,
            });
            let http = if errors_with_http_200 {
                StatusCode::OK
            } else {
                StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST)
            };
            (http, Json(body)).into_response()
        }
    }
}

/// What a proxy in front of Kavenegar answers while it is away.
pub(super) fn bad_gateway() -> Response {
    let page = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n\
                <center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n\
                </body>\r\n</html>\r\n";
    (StatusCode::BAD_GATEWAY, [(header::CONTENT_TYPE, "text/html")], page).into_response()
}
