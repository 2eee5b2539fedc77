//! The message catalogue: every code the product reports maps to exactly one
//! Persian text (what people read) and, where the spec quotes one, an English
//! text. Server responses, the canvas and the wasm package all read from here.
//!
//! Placeholders are written `{name}` and filled by [`MessageCode::render`].

use serde::{Deserialize, Serialize};
use ts_rs::TS;

macro_rules! catalogue {
    ($( $(#[$doc:meta])* $variant:ident => $fa:literal $(, en: $en:literal)? ;)*) => {
        /// Every message the product can show, identified by a stable snake_case code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
        #[serde(rename_all = "snake_case")]
        #[ts(export, export_to = "rules/")]
        pub enum MessageCode {
            $( $(#[$doc])* $variant, )*
        }

        impl MessageCode {
            /// All codes, in catalogue order.
            pub const ALL: &'static [MessageCode] = &[$(MessageCode::$variant,)*];

            /// The Persian text, with `{placeholders}` unfilled.
            pub fn persian(self) -> &'static str {
                match self { $(MessageCode::$variant => $fa,)* }
            }

            /// The English text the spec quotes, if it quotes one.
            pub fn english(self) -> Option<&'static str> {
                match self { $(MessageCode::$variant => catalogue!(@en $($en)?),)* }
            }
        }
    };
    (@en $en:literal) => { Some($en) };
    (@en) => { None };
}

catalogue! {
    // ---- Plan limits (spec §8 "Limits") ----
    /// A plan limit was reached; the Persian text contains «حداکثر».
    NodeLimitExceeded => "شما به حداکثر تعداد مجاز گره‌های «{type}» در طرح فعلی خود رسیده‌اید ({used} از {limit}). برای افزودن گره بیشتر، طرح خود را ارتقا دهید.";
    /// An upload that does not fit the plan's room for files (403).
    StorageQuotaExceeded => "فضای فایل طرح شما پر است: از {limit} مگابایت، {used} مگابایت به کار رفته و این فایل {size} مگابایت است. فایل‌هایی را پاک کنید یا طرح خود را ارتقا دهید.";
    AssistantLimitReached => "شما به حداکثر تعداد دستیارهای مجاز در طرح خود رسیده‌اید. تا چند لحظه دیگر به صفحهٔ ارتقای طرح منتقل می‌شوید.";
    VectorStoreLimitReached => "شما به حداکثر تعداد پایگاه‌های برداری مجاز در طرح خود رسیده‌اید. برای افزودن بیشتر، طرح خود را ارتقا دهید.";
    AnalyzerLimitReached => "شما به حداکثر تعداد تحلیل‌گرهای مجاز رسیده‌اید: {used} از {limit} تحلیل‌گر استفاده شده است.";
    UsageCheckFailed => "بررسی محدودیت گره‌ها با خطا روبه‌رو شد. لطفاً دوباره تلاش کنید.";
    UpgradePlanLink => "ارتقای طرح";
    InsufficientCredits => "اعتبار حساب شما کافی نیست. لطفاً اعتبار بخرید یا طرح خود را ارتقا دهید.";
    /// `check-limit` was asked about a node type that does not exist.
    NodeTypeUnknown => "نوع گره شناخته‌شده نیست.";

    // ---- Plans, payments and credits (spec §7 "Subscription") ----
    /// No plan with that key in the catalogue.
    PlanUnknown => "طرح انتخاب‌شده وجود ندارد.";
    /// `billing_cycle` is neither monthly nor yearly.
    BillingCycleInvalid => "دورهٔ پرداخت باید ماهانه (monthly) یا سالانه (yearly) باشد.";
    /// The free plan is reached by the downgrade flow, not bought.
    PlanFreeNotForSale => "طرح رایگان خریدنی نیست؛ برای بازگشت به آن از «کاهش طرح» استفاده کنید.";
    /// The caller is on the target plan already.
    AlreadyOnPlan => "شما هم‌اکنون روی همین طرح هستید.";
    /// The caller has more limited nodes than the plan allows; details list them.
    PlanNeedsCleanup => "تعداد گره‌های شما از سقف طرح «{plan}» بیشتر است. پیش از تغییر طرح، گره‌های اضافه را حذف کنید.";
    /// After the chosen deletions a kind would still be over the target's quota.
    DowngradeStillExceeds => "با حذف این گره‌ها هنوز {remaining} گره «{type}» می‌ماند، اما طرح «{plan}» حداکثر {limit} گره از این نوع را می‌پذیرد.";
    /// `nodes_to_delete` names something other than the caller's limited nodes.
    NodesToDeleteInvalid => "فهرست گره‌های حذفی نادرست است: فقط دستیارها، تحلیل‌گرها و پایگاه‌های برداری خودتان را، هر کدام یک بار، می‌توان نام برد.";
    /// No credit package with that key.
    CreditPackageUnknown => "بستهٔ اعتباری انتخاب‌شده وجود ندارد.";
    /// A custom credit amount outside the catalogue's range.
    CreditAmountInvalid => "تعداد اعتبار باید عددی صحیح از {min} تا {max} باشد.";
    /// The subscription is not waiting for a payment.
    SubscriptionNotPending => "این اشتراک در انتظار پرداخت نیست.";
    /// The payment was settled (paid or failed) already.
    PaymentNotPending => "این پرداخت پیش‌تر نهایی شده است.";
    /// A mock confirm for a payment of the other purpose (plan vs credits).
    PaymentPurposeMismatch => "این پرداخت از نوع دیگری است: پرداخت طرح با «confirm» و پرداخت اعتبار با «confirm-credits» تأیید می‌شود.";
    /// A payment made through another gateway than the one asked to settle it.
    PaymentGatewayMismatch => "این پرداخت از درگاه دیگری انجام شده است.";
    /// The amount paid is not the amount ordered.
    PaymentAmountMismatch => "مبلغ پرداخت‌شده با مبلغ سفارش یکسان نیست؛ پرداخت پذیرفته نشد.";
    /// The payer cancelled at the gateway, or the gateway says nothing was paid.
    PaymentCancelled => "پرداخت انجام نشد یا لغو شد.";
    /// The gateway refused to verify the payment (its code follows).
    PaymentVerifyFailed => "درگاه پرداخت، این پرداخت را تأیید نکرد (کد {code}).";
    /// The gateway refused to start a payment (its code follows).
    PaymentGatewayRefused => "درگاه پرداخت درخواست را نپذیرفت (کد {code}).";
    /// The gateway could not be reached or answered nonsense.
    PaymentGatewayUnavailable => "درگاه پرداخت در دسترس نیست. لطفاً چند دقیقهٔ دیگر دوباره تلاش کنید.";
    /// Neither a real gateway nor the mock one is configured.
    PaymentGatewayNotConfigured => "درگاه پرداخت پیکربندی نشده است: مدیر سامانه باید DASTYAR_ZARINPAL_MERCHANT_ID را تنظیم کند.";
    /// The mock gateway is off (a real gateway is configured).
    MockGatewayDisabled => "درگاه آزمایشی روی این سرور خاموش است.";
    /// A mock card number that is not 16 digits.
    CardNumberInvalid => "شمارهٔ کارت باید ۱۶ رقم باشد.";
    /// What a plan payment buys, as the gateway and the receipt show it.
    PaymentForPlan => "خرید طرح «{plan}»، {cycle}، در دستیار";
    /// What a credit payment buys.
    PaymentForCredits => "خرید {credits} اعتبار در دستیار";
    BillingMonthly => "ماهانه";
    BillingYearly => "سالانه";

    // ---- Lists and paging ----
    /// `page` is not a whole number of at least 1.
    PageInvalid => "شمارهٔ صفحه باید عددی صحیح و دست‌کم ۱ باشد.";
    /// `per_page` is not a whole number from 1 to the maximum (100).
    PerPageInvalid => "تعداد موارد هر صفحه باید عددی صحیح از ۱ تا ۱۰۰ باشد.";
    /// A yes/no query parameter is neither true nor false.
    FlagInvalid => "مقدار این گزینه باید true یا false باشد.";

    // ---- Node operations (spec §8 "Node operations") ----
    AddInProgress => "لطفاً صبر کنید تا افزودن گره قبلی تمام شود.";
    NodeAddFailed => "افزودن گره «{type}» ناموفق بود.", en: "Failed to add {type} node";
    NodeUpdateFailed => "به‌روزرسانی گره «{type}» ناموفق بود.", en: "Failed to update {type} node";
    NodeDeleteFailed => "حذف گره ناموفق بود.", en: "Failed to delete node";
    NodePositionFailed => "ذخیرهٔ جایگاه گره ناموفق بود.", en: "Failed to update node position";
    ProjectLoadFailed => "بارگذاری پروژه ناموفق بود.", en: "Failed to load project";
    ProjectRenameFailed => "تغییر نام پروژه ناموفق بود.", en: "Failed to rename project";
    ProjectCategoryFailed => "تغییر دستهٔ پروژه ناموفق بود.", en: "Failed to update project category";
    UnsupportedModel => "مدل انتخاب‌شده برای این دستیار امکان‌پذیر نیست.";
    NodeCreated => "گره «{type}» ساخته شد.";
    NodeUpdated => "گره «{type}» به‌روز شد.";
    NodeDeleted => "گره حذف شد.";
    PositionNotSupported => "ذخیرهٔ جایگاه برای گره‌های «{type}» پشتیبانی نمی‌شود.";
    RetryNotSupported => "گره‌های «{type}» قابل تلاش دوباره نیستند.";
    JobTimeout => "ساخت دستیار بیش از حد طول کشید. لطفاً بعداً وضعیت آن را بررسی کنید.";
    JobFailed => "ساخت دستیار ناموفق بود: {error}";
    /// An assistant-creation job whose node was deleted before the job ran.
    JobNodeMissing => "گرهٔ این دستیار پیش از پایان ساخت حذف شده است.";
    /// A position that is not a finite number within the canvas.
    PositionInvalid => "جایگاه گره باید عددی معتبر باشد.";
    AssistantNotRegistered => "دستیار هنوز نزد سرویس هوش مصنوعی ثبت نشده است. نشانی و کلید سرویس مدل زبانی را تنظیم کنید و دوباره تلاش کنید.";

    // ---- Connections (spec §5 and §8 "Connections") ----
    ConnectionIncomplete => "اطلاعات اتصال ناقص است: مبدأ یا مقصد پیدا نشد.";
    ConnectionExists => "این دو گره از قبل به هم وصل هستند.";
    ConnectionNotAllowed => "اتصال «{source}» به «{target}» مجاز نیست.";
    SameTypeConnection => "دو گره از یک نوع را نمی‌توان به هم وصل کرد.";
    OutputToInput => "اتصال باید از خروجی یک گره به ورودی گرهٔ دیگر باشد.";
    InvalidAssistant => "دستیار نامعتبر است.";
    AssistantNotReady => "دستیار هنوز ساخته نشده یا در وضعیت خطاست. صبر کنید تا ساخت آن کامل شود.";
    AssistantNotCreated => "ابتدا باید دستیار ساخته شود.";
    OneVectorStorePerAssistant => "هر دستیار فقط می‌تواند به یک پایگاه برداری وصل شود.";
    FileRepositoryOnlyToVectorStore => "مخزن فایل فقط به پایگاه برداری وصل می‌شود.";
    AssistantToContainerOrAnalyzer => "دستیار را نمی‌توان به ظرف یا مستقیماً به تحلیل‌گر وصل کرد.";
    StoreToContainerOrTelegram => "پایگاه برداری و مخزن فایل را نمی‌توان به ظرف یا ربات تلگرام وصل کرد.";
    FileDbForbiddenTarget => "پایگاه فایل را نمی‌توان به سند یا برگهٔ گوگل، ربات تلگرام یا مخزن فایل وصل کرد.";
    GoogleNotAuthorized => "ابتدا باید دسترسی به حساب گوگل را تأیید کنید.";
    AnalyzerTargetInvalid => "تحلیل‌گر فقط به ظرف یا ربات تلگرام وصل می‌شود.";
    AnalyzerContainerWithoutChannel => "ظرف باید یک پنجرهٔ گفتگوی فعال، ربات تلگرام یا آی‌فریم داشته باشد.";
    AnalyzerNeedsContainerFirst => "ابتدا تحلیل‌گر را به ظرفی وصل کنید که پنجرهٔ گفتگو یا ربات تلگرام دارد.";
    TelegramTargetInvalid => "ربات تلگرام فقط به دستیار، تحلیل‌گر یا ظرف وصل می‌شود.";
    TelegramCredentialsMissing => "برای اتصال ربات تلگرام، توکن و نام کاربری ربات لازم است.";
    FunctionTargetInvalid => "تابع فقط به دستیار وصل می‌شود.";
    FunctionIncomplete => "تابع به یک نام و دست‌کم یک پارامتر نیاز دارد.";
    RequestHasApiDefinition => "هر درخواست فقط می‌تواند به یک تعریف API وصل شود.";
    RequestNeedsApiDefinition => "پیش از اتصال درخواست به دستیار، آن را به یک تعریف API وصل کنید.";
    WorkflowMissing => "برای اتصال تعریف API با درخواست POST به دستیار، ابتدا باید گردش کار آن ساخته شود.";
    IframeIsEndpoint => "آی‌فریم نقطهٔ پایانی است و خروجی ندارد.";
    IframeSourceNotAssistant => "فقط دستیار می‌تواند به آی‌فریم وصل شود.";
    IframeAssistantNotReady => "دستیار باید ساخته و نزد سرویس ثبت شده باشد و در انتظار یا خطا نباشد.";
    IframeIncomplete => "برای آی‌فریم، نام شرکت و دامنه‌های مجاز لازم است.";
    WordpressSourceNotAssistant => "وردپرس فقط به دستیار وصل می‌شود.";
    WordpressIncomplete => "پیکربندی وردپرس کامل نیست: نشانی سایت و اطلاعات ورود لازم است.";
    /// The canvas has not yet parsed the WordPress site's address (its URL rules load on first use).
    WordpressUrlUnchecked => "نشانی سایت وردپرس هنوز بررسی نشده است؛ چند لحظهٔ دیگر دوباره امتحان کنید.";
    TriggerHasNoInputs => "راه‌انداز ورودی ندارد.";
    TriggerTargetNotAssistant => "راه‌انداز فقط به دستیار وصل می‌شود.";
    TriggerAlreadyConnected => "هر راه‌انداز فقط به یک دستیار وصل می‌شود.";
    TriggerScheduleInvalid => "زمان‌بندی راه‌انداز معتبر نیست: متن پیام و بازهٔ زمانی یا عبارت کرون لازم است.";
    SmsIsEndpoint => "پیامک نقطهٔ پایانی است و خروجی ندارد.";
    SmsSourceNotAssistant => "فقط دستیار می‌تواند به پیامک وصل شود.";
    SmsIncomplete => "پیکربندی پیامک کامل نیست: کلید API، شمارهٔ گیرنده و متن پیام یا الگو لازم است.";
    ConnectionCreated => "اتصال برقرار شد.";
    ConnectionFailed => "برقراری اتصال ناموفق بود.";
    ConnectionDeleted => "اتصال حذف شد.";
    ConnectionDeleteFailed => "حذف اتصال ناموفق بود.";
    TelegramOwnershipNotice => "برای ثبت مالکیت، یک پیام از ربات تلگرام به دستیار بفرستید.";
    IframeDisconnectWarning => "با قطع این اتصال، پنجرهٔ گفتگوی فعال روی سایت شما دیگر پاسخ نمی‌دهد.";
    TriggerDisconnectWarning => "با قطع این اتصال، راه‌انداز متوقف می‌شود و دیگر پیامی به دستیار نمی‌فرستد.";
    SmsTemplateDisconnectWarning => "با قطع این اتصال، ارسال پیامک الگو از طرف دستیار متوقف می‌شود.";

    // ---- Containers and frames (spec §8) ----
    ContainerCreated => "ظرف ساخته شد.";
    ContainerCreateFailed => "ساخت ظرف ناموفق بود.";
    ContainerDeleted => "ظرف حذف شد.";
    ContainerDeleteFailed => "حذف ظرف ناموفق بود.";
    NodeAddedToContainer => "گره به ظرف افزوده شد.";
    NodeAddToContainerFailed => "افزودن گره به ظرف ناموفق بود.";
    NodeRemovedFromContainer => "گره از ظرف خارج شد.";
    NodeRemoveFromContainerFailed => "خارج کردن گره از ظرف ناموفق بود.";
    GroupCreateFailed => "گروه‌بندی گره‌ها ناموفق بود.";
    ContainerStatusRefreshed => "وضعیت ظرف به‌روز شد.";
    ContainerStatusRefreshFailed => "به‌روزرسانی وضعیت ظرف ناموفق بود.";
    FrameDeleted => "پنجرهٔ گفتگو حذف شد.";
    FrameDeleteFailed => "حذف پنجرهٔ گفتگو ناموفق بود.";
    LoadingFrameSettings => "در حال بارگذاری تنظیمات پنجرهٔ گفتگو…";
    LoadingBotSettings => "در حال بارگذاری تنظیمات ربات…";
    AnalyzerInsideContainer => "تحلیل‌گر را نمی‌توان داخل ظرف گذاشت؛ آن را با یک اتصال به ظرف وصل کنید.";
    /// The container named is not a container of the node's project.
    ContainerNotInProject => "ظرف انتخاب‌شده در همین پروژه نیست.";
    /// The node a field names is none of the user's in this project.
    NodeNotInProject => "گره انتخاب‌شده در همین پروژه نیست.";
    NodeCannotMoveToContainer => "گره‌های «{type}» را نمی‌توان داخل ظرف گذاشت.";

    // ---- Integrations (spec §8) ----
    SmsSendFailed => "ارسال پیامک ناموفق بود.";
    SmsTestFailed => "آزمایش ارسال پیامک ناموفق بود.";
    TriggerTestFailed => "آزمایش راه‌انداز ناموفق بود.";
    TriggerSyncFailed => "همگام‌سازی راه‌انداز ناموفق بود.";
    WordpressTestFailed => "آزمایش اتصال به وردپرس ناموفق بود.";
    UploadFailed => "بارگذاری فایل ناموفق بود.";
    UploadNetworkError => "بارگذاری فایل به دلیل خطای شبکه ناموفق بود.";
    ProviderNotConfigured => "سرویس «{provider}» پیکربندی نشده است. تنظیمات آن را در پیکربندی سرور وارد کنید.";

    // ---- Schedule runs (issue #15) ----
    ScheduleNodeGone => "این زمان‌بندی دیگر گره‌ای ندارد که اجرا شود.";
    SchedulerNeedsRequest => "زمان‌بند به هیچ درخواستی وصل نیست؛ یک درخواست به آن وصل کنید.";
    TriggerNeedsAssistant => "راه‌انداز به هیچ دستیاری وصل نیست؛ آن را به یک دستیار وصل کنید.";
    HistoryLimitInvalid => "تعداد باید عددی از ۱ تا {max} باشد.";
    TriggerTestMessageBlank => "پیام آزمایشی خالی است؛ متنی بنویسید یا آن را خالی بگذارید تا الگوی راه‌انداز فرستاده شود.";
    TriggerTestSent => "پیام آزمایشی به دستیار فرستاده شد.";
    TriggerBotDisconnected => "ربات تلگرام دستیار قطع است؛ پاسخ راه‌انداز به تلگرام نرفت.";
    TriggerOwnerUnknown => "صاحب ربات هنوز به آن پیامی نفرستاده است؛ یک پیام به ربات بفرستید تا پاسخ‌های راه‌انداز به شما برسد.";
    TriggerDeliveryFailed => "فرستادن پاسخ راه‌انداز به تلگرام نشد.";
    SmsModelHourlyLimit => "این گره پیامک در یک ساعت گذشته {max} پیامک برای دستیار فرستاده است؛ برای جلوگیری از هزینهٔ ناخواسته، پیامک بیشتری تا ساعت بعد فرستاده نمی‌شود.";

    // ---- SMS through Kavenegar (spec §7 "SMS", §8 "Integrations") ----
    /// A send Kavenegar accepted (the panel's notice, and the answer's `message`).
    SmsSent => "پیامک برای {count} گیرنده فرستاده شد.";
    /// `test`: Kavenegar knows the key; what the account has left.
    SmsTestPassed => "کلید کاوه‌نگار پذیرفته شد. اعتبار باقی‌ماندهٔ حساب: {credit} ریال.";
    /// `send-from-assistant` on an SMS node no assistant is joined to (409).
    SmsNoAssistant => "این گره پیامک به هیچ دستیاری وصل نیست. اول آن را به یک دستیار وصل کنید.";
    /// A receptor given where the node does not let the assistant choose one.
    SmsReceptorFixed => "گیرندهٔ این پیامک را خود گره تعیین می‌کند و دستیار نمی‌تواند شمارهٔ دیگری بدهد. در تنظیمات گره، «انتخاب گیرنده به دست دستیار» را روشن کنید.";
    /// A send naming more receptors than Kavenegar takes in one call.
    SmsTooManyReceptors => "در هر ارسال حداکثر {max} گیرنده مجاز است.";
    SmsBulkEmpty => "فهرست پیامک‌های ارسال گروهی خالی است.";
    /// `sendarray` needs a sender line for every message.
    SmsSenderRequired => "ارسال گروهی به شمارهٔ خط فرستنده نیاز دارد. شمارهٔ خط کاوه‌نگار خود را در تنظیمات گره یا در درخواست وارد کنید.";
    SmsSenderInvalid => "شمارهٔ خط فرستنده باید فقط رقم باشد (۳ تا ۲۰ رقم).";
    /// A template token with a space, or longer than Kavenegar takes.
    SmsTokenInvalid => "مقدار توکن الگو نباید فاصله داشته باشد و حداکثر ۱۰۰ نویسه است.";
    /// The send has no message ids to ask Kavenegar about (it failed).
    SmsNoDeliveryToCheck => "این ارسال پیامکی به کاوه‌نگار نسپرده است که وضعیتش را بتوان پرسید.";
    /// `POST /sms/templates`: Kavenegar has no API that lists templates.
    SmsTemplatesNote => "کاوه‌نگار فهرست الگوها را از راه API نمی‌دهد. این‌ها الگوهایی است که با همین کلید از دستیار با موفقیت فرستاده‌اید؛ الگوی تازه را در پنل کاوه‌نگار (بخش «اعتبارسنجی») بسازید و نامش را همین‌جا بنویسید.";
    /// No answer from Kavenegar, or a proxy's page instead of its JSON.
    KavenegarUnreachable => "اکنون به کاوه‌نگار دسترسی نیست. کمی بعد دوباره تلاش کنید.";
    /// Kavenegar answered something that is not its envelope.
    KavenegarBadResponse => "پاسخ کاوه‌نگار قابل خواندن نبود.";
    /// A `return.status` the catalogue has no text for, with Kavenegar's own.
    KavenegarRefused => "کاوه‌نگار درخواست را نپذیرفت (کد {status}): {reason}";
    // Kavenegar's `return.status` codes (its documentation's table 1), one each.
    /// 400
    KavenegarParamsIncomplete => "کاوه‌نگار: پارامترهای درخواست ناقص است.";
    /// 401
    KavenegarAccountDisabled => "حساب کاربری کاوه‌نگار غیرفعال شده است. به پنل کاوه‌نگار سر بزنید.";
    /// 402
    KavenegarOperationFailed => "کاوه‌نگار نتوانست این کار را انجام دهد. کمی بعد دوباره تلاش کنید.";
    /// 403: the key is not one Kavenegar issued.
    KavenegarApiKeyInvalid => "کاوه‌نگار این کلید API را نمی‌شناسد. کلید را از پنل کاوه‌نگار (تنظیمات حساب) دوباره کپی کنید.";
    /// 404
    KavenegarMethodUnknown => "کاوه‌نگار این متد را نمی‌شناسد.";
    /// 405
    KavenegarWrongHttpMethod => "کاوه‌نگار روش درخواست (GET/POST) را نپذیرفت.";
    /// 406
    KavenegarRequiredEmpty => "کاوه‌نگار: پارامترهای اجباری خالی فرستاده شده‌اند.";
    /// 407
    KavenegarAccessDenied => "حساب کاوه‌نگار به این اطلاعات دسترسی ندارد.";
    /// 409
    KavenegarServerUnavailable => "سرور کاوه‌نگار فعلاً پاسخ نمی‌دهد. کمی بعد دوباره تلاش کنید.";
    /// 411
    KavenegarReceptorInvalid => "کاوه‌نگار شمارهٔ گیرنده را نامعتبر دانست.";
    /// 412
    KavenegarSenderInvalid => "کاوه‌نگار شمارهٔ خط فرستنده را نپذیرفت؛ این خط از آنِ حساب شما نیست یا معتبر نیست.";
    /// 413
    KavenegarMessageInvalid => "کاوه‌نگار متن پیامک را نپذیرفت: متن خالی است یا از حد مجاز بلندتر است.";
    /// 414
    KavenegarRequestTooLarge => "حجم درخواست از حد مجاز کاوه‌نگار بیشتر است؛ گیرنده‌ها یا پیامک‌ها را کمتر کنید.";
    /// 415
    KavenegarIndexTooLarge => "کاوه‌نگار: اندیس شروع از تعداد کل موارد بزرگ‌تر است.";
    /// 416
    KavenegarIpMismatch => "نشانی IP این سرور با IP ثبت‌شده در تنظیمات حساب کاوه‌نگار یکی نیست.";
    /// 417
    KavenegarDateInvalid => "کاوه‌نگار تاریخ ارسال را نامعتبر دانست.";
    /// 418: the Kavenegar account's own credit, not the user's credits here.
    KavenegarCreditInsufficient => "اعتبار حساب کاوه‌نگار شما برای این ارسال کافی نیست. حساب کاوه‌نگار را شارژ کنید.";
    /// 419
    KavenegarArrayLengthMismatch => "کاوه‌نگار: تعداد گیرنده‌ها، متن‌ها و فرستنده‌های ارسال گروهی برابر نیست.";
    /// 420
    KavenegarLinksNotAllowed => "کاوه‌نگار اجازهٔ فرستادن پیوند (لینک) در متن پیامک را به این حساب نمی‌دهد.";
    /// 422
    KavenegarCharactersInvalid => "متن پیامک نویسه‌ای دارد که کاوه‌نگار نمی‌پذیرد.";
    /// 424
    KavenegarTemplateNotFound => "کاوه‌نگار الگویی با این نام پیدا نکرد. نام الگو را همان‌طور که در پنل کاوه‌نگار ثبت و تأیید شده بنویسید.";
    /// 426
    KavenegarAdvancedPlanRequired => "این کار در کاوه‌نگار به سرویس پیشرفته نیاز دارد.";
    /// 427
    KavenegarLineAccessRequired => "استفاده از این خط در کاوه‌نگار به سطح دسترسی نیاز دارد.";
    /// 428
    KavenegarCallImpossible => "کاوه‌نگار نمی‌تواند این کد را با تماس صوتی بفرستد.";
    /// 429
    KavenegarIpRestricted => "کاوه‌نگار درخواست‌های این IP را محدود کرده است.";
    /// 431
    KavenegarTokenStructureInvalid => "کاوه‌نگار ساختار توکن الگو را نپذیرفت (توکن نباید فاصله داشته باشد).";
    /// 432
    KavenegarTokenMissing => "پارامتر توکن در متن الگوی کاوه‌نگار پیدا نشد.";
    /// 451
    KavenegarRateLimited => "درخواست‌ها به کاوه‌نگار بیش از حد مجاز بوده است. کمی بعد دوباره تلاش کنید.";
    /// 501: a test account sends only to its owner's number.
    KavenegarTestAccountOnly => "حساب آزمایشی کاوه‌نگار فقط به شمارهٔ صاحب حساب پیامک می‌فرستد.";
    /// 607
    KavenegarTagInvalid => "کاوه‌نگار نام برچسب (تگ) را نپذیرفت.";

    // ---- The language model (the runtime) ----
    /// No `DASTYAR_LLM_BASE_URL`: says what to set, with an Ollama example.
    LlmNotConfigured => "هیچ سرویس مدل زبانی پیکربندی نشده است. نشانی یک API سازگار با OpenAI را در DASTYAR_LLM_BASE_URL و کلید آن را در DASTYAR_LLM_API_KEY بگذارید؛ برای نمونه با Ollama روی همین رایانه: DASTYAR_LLM_BASE_URL=http://127.0.0.1:11434/v1";
    LlmUnreachable => "سرویس مدل زبانی در دسترس نیست. کمی بعد دوباره تلاش کنید.";
    LlmTimeout => "سرویس مدل زبانی در زمان مقرر پاسخ نداد. کمی بعد دوباره تلاش کنید.";
    LlmRateLimited => "سرویس مدل زبانی فعلاً درخواست بیشتری نمی‌پذیرد. چند لحظه بعد دوباره تلاش کنید.";
    LlmUnauthorized => "سرویس مدل زبانی کلید API را نپذیرفت. مقدار DASTYAR_LLM_API_KEY را بررسی کنید.";
    LlmRefused => "سرویس مدل زبانی درخواست را نپذیرفت: {reason}";
    LlmBadResponse => "پاسخ سرویس مدل زبانی قابل خواندن نبود.";
    /// The assistant's model is not one the provider serves.
    ModelUnknown => "مدل «{model}» نزد سرویس مدل زبانی وجود ندارد. یکی از مدل‌های فهرست را انتخاب کنید.";
    /// `generate-function-json`: the model's answer was not a usable definition.
    FunctionJsonInvalid => "مدل زبانی تعریف تابع معتبری ننوشت. درخواست را روشن‌تر بنویسید و دوباره تلاش کنید.";
    // Conversations with an assistant.
    /// Another answer is being written in this conversation.
    ConversationBusy => "دستیار هنوز در حال پاسخ دادن در این گفتگوست. صبر کنید تا پاسخ تمام شود.";
    MessageEmpty => "متن پیام خالی است.";
    MessageTooLong => "پیام بیش از حد طولانی است (حداکثر {max} نویسه).";
    /// The tool loop reached its bound without an answer in words.
    ToolLoopLimit => "دستیار پس از {steps} بار استفاده از ابزارها به پاسخی نرسید و گفتگو متوقف شد. پرسش را ساده‌تر بنویسید یا ابزارها را بررسی کنید.";
    /// A result was posted for a call that is not waiting for one.
    ToolCallNotPending => "این فراخوانی تابع منتظر نتیجه نیست.";
    /// The model called a tool the assistant does not have.
    ToolUnknown => "ابزار «{name}» برای این دستیار تعریف نشده است.";

    // Request tools: calling an API definition for the assistant.
    /// The address is loopback, link-local or private and that is not allowed.
    RequestPrivateAddress => "نشانی «{host}» در شبکهٔ خصوصی است و درخواست‌ها اجازهٔ تماس با آن را ندارند. برای API روی همین شبکه، DASTYAR_ALLOW_PRIVATE_NETWORK=true را تنظیم کنید.";
    RequestUrlInvalid => "نشانی درخواست معتبر نیست: نشانی پایهٔ تعریف API و مسیر درخواست را بررسی کنید.";
    RequestArgumentsMissing => "مقدار این پارامترها داده نشده است: {names}";
    RequestArgumentsInvalid => "آرگومان‌های فراخوانی ابزار JSON معتبری نیستند.";
    RequestTimedOut => "API در زمان مقرر ({seconds} ثانیه) پاسخ نداد.";
    RequestResponseTooLarge => "پاسخ API بزرگ‌تر از حد مجاز ({limit}) است.";
    RequestFailed => "فراخوانی API ناموفق بود: {reason}";
    /// The `Idempotency-Key` header is empty, too long or not plain text.
    IdempotencyKeyInvalid => "سرآیند Idempotency-Key باید ۱ تا ۲۰۰ نویسهٔ انگلیسی چاپ‌شدنی باشد.";

    // ---- Field validation ----
    FieldRequired => "پر کردن این فیلد الزامی است.";
    PhoneInvalid => "شمارهٔ موبایل معتبر نیست. شماره باید با ۹ شروع شود و ۱۰ رقم داشته باشد (مثلاً ۰۹۱۲۳۴۵۶۷۸۹).";
    SmsApiKeyInvalid => "کلید API پیامک باید ۴۰ تا ۸۰ نویسه از حروف انگلیسی، ارقام و + / = باشد.";
    SmsTemplateInvalid => "برای ارسال با الگو، نام الگو و مقدار توکن لازم است.";
    SmsMessageEmpty => "متن پیامک خالی است.";
    MessageTemplateEmpty => "متن پیام راه‌انداز خالی است.";
    IntervalInvalid => "بازهٔ زمانی باید عددی مثبت با واحد ثانیه، دقیقه، ساعت یا روز باشد.";
    CronEmpty => "عبارت کرون خالی است.";
    CronInvalid => "عبارت کرون معتبر نیست.";
    TimezoneInvalid => "منطقهٔ زمانی معتبر نیست.";
    WordpressUrlInvalid => "نشانی سایت وردپرس باید با http یا https شروع شود.";
    WordpressAuthIncomplete => "اطلاعات ورود وردپرس کامل نیست.";
    TelegramProjectIdInvalid => "شناسهٔ پروژه برای ثبت ربات تلگرام لازم است.";
    TelegramTokenInvalid => "توکن ربات تلگرام معتبر نیست. توکن به شکل 123456:ABC… است.";
    /// Telegram does not know the token (revoked, or never issued).
    TelegramTokenRejected => "تلگرام این توکن را نپذیرفت. توکن را دوباره از BotFather بگیرید و وارد کنید.";
    TelegramUnreachable => "اکنون به تلگرام دسترسی نیست. کمی بعد دوباره تلاش کنید.";
    TelegramRateLimited => "تلگرام درخواست‌ها را محدود کرده است. {seconds} ثانیهٔ دیگر دوباره تلاش کنید.";
    /// Telegram refused a call, with its own reason.
    TelegramRefused => "تلگرام درخواست را نپذیرفت: {reason}";
    /// Another node is connected to the same Telegram bot (409).
    TelegramBotTaken => "این ربات تلگرام به گره دیگری وصل است. اول آن را از آنجا جدا کنید.";
    /// An operation that needs the bot connected to Telegram first (409).
    TelegramNotConnected => "این ربات هنوز به تلگرام وصل نیست. اول آن را ثبت کنید.";
    /// `DELETE /telegram/{id}` with an operation other than disconnect or delete.
    /// Telegram posts the bot's updates to another address than ours.
    TelegramWebhookMoved => "تلگرام پیام‌های این ربات را به نشانی دیگری می‌فرستد. «اتصال دوبارهٔ وب‌هوک» را بزنید.";
    /// A webhook post without the bot's secret (403).
    TelegramWebhookForbidden => "این درخواست از سوی تلگرام نیست: رمز وب‌هوک نادرست است یا فرستاده نشده.";
    /// Telegram's own reason its last post to our webhook failed.
    TelegramWebhookFailing => "تلگرام نتوانست پیام‌ها را به وب‌هوک برساند: {reason}";
    TelegramOperationInvalid => "عملیات باید disconnect یا delete باشد.";
    /// Sent in Telegram to the first person who writes to a new bot.
    TelegramOwnerRegistered => "مالکیت این ربات به نام شما ثبت شد. گزارش‌ها برای شما فرستاده می‌شود و از این پس دستیار به پیام‌هایتان پاسخ می‌دهد.";
    /// Sent in Telegram for /start.
    TelegramWelcome => "سلام! پیامتان را بنویسید تا دستیار پاسخ دهد.";
    /// Sent in Telegram when no assistant is connected to the bot.
    TelegramNoAssistant => "این ربات هنوز به دستیاری وصل نیست. لطفاً بعداً دوباره پیام دهید.";
    /// Sent in Telegram for a message without text (a photo, a sticker).
    TelegramTextOnly => "فعلاً فقط پیام متنی را می‌توانم بخوانم.";
    /// What a person on a channel reads when the assistant cannot answer (no
    /// credits, the provider down): nothing about the builder's billing.
    AssistantUnavailable => "دستیار اکنون در دسترس نیست. لطفاً کمی بعد دوباره پیام دهید.";
    /// A function's result in a channel where nobody can run it (the model reads this).
    FunctionUnavailableInChannel => "تابع «{name}» در این کانال اجرا نمی‌شود، چون کسی نیست که نتیجه‌اش را بدهد. بدون آن پاسخ بده، یا به کاربر بگو که این کار اکنون ممکن نیست.";
    FunctionNameInvalid => "نام تابع فقط می‌تواند حروف انگلیسی، ارقام، _ و - داشته باشد و حداکثر ۶۴ نویسه است.";
    ApiBaseUrlInvalid => "نشانی پایهٔ API باید با http یا https شروع شود.";
    /// A page on a site the frame does not list asked for a chat (403).
    FrameOriginRefused => "این سایت اجازهٔ نمایش این پنجرهٔ گفتگو را ندارد.";
    /// The frame's assistant is not joined, or the frame is switched off (409).
    FrameInactive => "دستیار این سایت اکنون آفلاین است. لطفاً کمی بعد دوباره سر بزنید.";
    /// A visitor's token that is missing, forged or expired (401).
    WidgetSessionExpired => "نشست گفتگو به پایان رسیده است؛ صفحه را دوباره باز کنید.";
    VisitorInvalid => "شناسهٔ بازدیدکننده معتبر نیست.";
    FrameCompanyNameRequired => "نام شرکت لازم است.";
    FrameDomainsRequired => "دست‌کم یک دامنهٔ مجاز لازم است؛ پنجرهٔ گفتگو فقط روی این دامنه‌ها نمایش داده می‌شود.";
    /// An operation on a frame that has not been registered (409).
    FrameNotRegistered => "این پنجرهٔ گفتگو هنوز ثبت نشده است. اول آن را ثبت کنید.";
    FrameColorInvalid => "رنگ باید به شکل #RRGGBB باشد (مثلاً #4F46E5).";
    FrameTitleTooLong => "عنوان پنجرهٔ گفتگو حداکثر ۸۰ نویسه است.";
    FrameWelcomeTooLong => "پیام خوشامد حداکثر ۱٬۰۰۰ نویسه است.";
    /// An upload naming a company into a node that is not a file database (422).
    FileCompanyFiledbOnly => "فقط پایگاه فایل می‌تواند فایل‌های هر شرکت را جدا نگه دارد.";
    // ---- WordPress sites (the REST API) ----
    /// `test-connection` reached the site and signed in.
    WordpressConnected => "اتصال به سایت وردپرس برقرار شد؛ ورود با کاربر «{user}».";
    /// No answer from the site's address (DNS, refused, TLS).
    WordpressUnreachable => "سایت وردپرس در نشانی «{site}» در دسترس نیست. نشانی را بررسی کنید یا کمی بعد دوباره تلاش کنید.";
    WordpressTimeout => "سایت وردپرس در زمان مقرر ({seconds} ثانیه) پاسخ نداد. کمی بعد دوباره تلاش کنید.";
    /// The site's address is loopback or private and that is not allowed.
    WordpressPrivateAddress => "نشانی «{host}» در شبکهٔ خصوصی است و دستیار اجازهٔ تماس با آن را ندارد. برای سایتی روی همین شبکه، DASTYAR_ALLOW_PRIVATE_NETWORK=true را تنظیم کنید.";
    /// The site answers, but neither `/wp-json/` nor `?rest_route=` is WordPress's REST API.
    WordpressNotWordpress => "نشانی «{site}» سایت وردپرس نیست یا API وردپرس (wp-json) در آن پیدا نشد. نشانی اصلی سایت را وارد کنید.";
    /// The site sends its visitors to another site ({host}): the credentials are not sent after it.
    WordpressMoved => "سایت «{site}» به نشانی دیگری ({host}) می‌رود؛ اطلاعات ورود به نشانی دیگری فرستاده نمی‌شود. اگر آن نشانی درست است، آن را در نشانی سایت بگذارید.";
    /// WordPress answers, but its REST API is switched off (a plugin, or a filter).
    WordpressRestDisabled => "REST API این سایت وردپرس بسته است (معمولاً با افزونه‌ای امنیتی). آن را برای کاربرانِ واردشده باز کنید تا دستیار بتواند به سایت وصل شود.";
    /// The user name or (application) password was refused.
    WordpressCredentialsRejected => "وردپرس نام کاربری یا گذرواژه را نپذیرفت ({reason}). آن‌ها را دوباره وارد کنید؛ گذرواژهٔ برنامه را در پیشخوان وردپرس از «کاربران ← نمایه ← گذرواژه‌های برنامه» بسازید.";
    /// The JWT plugin refused the token (expired, forged, another site's).
    WordpressJwtRejected => "وردپرس توکن JWT را نپذیرفت ({reason}). توکن تازه‌ای از افزونهٔ JWT بگیرید و وارد کنید.";
    /// The JWT plugin has no secret key configured (`JWT_AUTH_SECRET_KEY`).
    WordpressJwtNotConfigured => "افزونهٔ JWT روی سایت وردپرس پیکربندی نشده است: مدیر سایت باید JWT_AUTH_SECRET_KEY را در wp-config.php تعریف کند.";
    /// Credentials were sent, but WordPress saw nobody signed in.
    WordpressNotLoggedIn => "وردپرس اطلاعات ورود را نخواند و درخواست را بی‌نام دید. روش ورود انتخاب‌شده روی سایت فعال نیست (گذرواژهٔ برنامه فقط روی https، افزونهٔ Basic Auth یا افزونهٔ JWT)، یا میزبان سایت سرآیند Authorization را حذف می‌کند.";
    /// Signed in, but the user may not do this (a subscriber writing posts).
    WordpressForbidden => "کاربر وردپرس اجازهٔ این کار را ندارد ({reason}). به او نقشی با اجازهٔ نوشتن نوشته، مانند نویسنده یا ویرایشگر، بدهید.";
    /// Any other refusal, with WordPress's own message.
    WordpressRefused => "وردپرس درخواست را نپذیرفت: {reason}";
    /// `publish_post` was called without a title or content (said to the model).
    WordpressPostIncomplete => "برای نوشتهٔ وردپرس، عنوان و متن لازم است.";

    // ---- Google ----
    /// The server has no Google OAuth client: what to set, and the address to register.
    GoogleNotConfigured => "اتصال به گوگل هنوز پیکربندی نشده است. مدیر سرور باید DASTYAR_GOOGLE_CLIENT_ID و DASTYAR_GOOGLE_CLIENT_SECRET را تنظیم کند و نشانی {redirect_uri} را در کنسول گوگل به‌عنوان نشانی بازگشت (redirect URI) ثبت کند.";
    /// Google's redirect names no flow we started, or one already finished (400).
    GoogleFlowInvalid => "این بازگشت از گوگل معتبر نیست، منقضی شده یا پیش‌تر به کار رفته است. دوباره «اجازه از گوگل» را بزنید.";
    /// The owner declined on Google's consent page.
    GoogleAccessDenied => "اجازهٔ دسترسی در گوگل داده نشد. برای خواندن سند، دوباره «اجازه از گوگل» را بزنید و دسترسی را بپذیرید.";
    /// The refresh token was revoked or expired: the document fails with this.
    GoogleAuthorizeAgain => "دسترسی دستیار به «{name}» در گوگل لغو شده یا منقضی شده است. در تنظیمات گره، دوباره «اجازه از گوگل» را بزنید.";
    /// Google refused our client id or secret.
    GoogleClientRejected => "گوگل شناسه یا رمز برنامه (DASTYAR_GOOGLE_CLIENT_ID و DASTYAR_GOOGLE_CLIENT_SECRET) را نپذیرفت. مدیر سرور باید آن‌ها را بررسی کند.";
    /// The node names no document or sheet yet.
    GoogleIdMissing => "شناسهٔ سند یا برگهٔ گوگل وارد نشده است. آن را در تنظیمات گره وارد کنید.";
    /// Google has no such file, or it is not shared with the account that authorised.
    GoogleFileNotFound => "«{id}» در گوگل پیدا نشد یا حسابی که اجازه داده به آن دسترسی ندارد.";
    GoogleUnreachable => "اکنون به گوگل دسترسی نیست. کمی بعد دوباره تلاش کنید.";
    /// Google refused a call, with its own reason.
    GoogleRefused => "گوگل درخواست را نپذیرفت: {reason}";

    // ---- The message analyzer's reports ----
    /// A report asked of an analyzer no container with a chat frame or bot is joined to (409).
    AnalyzerNoContainer => "این تحلیلگر به ظرفی که پنجرهٔ گفتگو یا ربات تلگرام دارد وصل نیست؛ اول آن را به چنین ظرفی وصل کنید.";
    /// Nothing was said on the container's channels since the last report (409).
    AnalyzerNothingNew => "از گزارش قبلی تا کنون گفتگوی تازه‌ای نبوده است.";
    /// The first line of a report in Telegram.
    AnalyzerReportHeading => "📊 گزارش «{name}»: {conversations} گفتگو، {messages} پیام";
    /// Why a report stayed in the panel: no bot is joined to the analyzer.
    AnalyzerNoBot => "تحلیلگر به ربات تلگرامی وصل نیست؛ گزارش فقط در پنل آن است.";
    /// Why a report stayed in the panel: the bot's owner has not written to it yet.
    AnalyzerOwnerUnknown => "صاحب ربات هنوز به آن پیامی نفرستاده است؛ یک پیام به ربات بفرستید تا گزارش‌ها به شما برسد.";
    /// Why a report stayed in the panel: the bot is disconnected from Telegram.
    AnalyzerBotDisconnected => "ربات تلگرام قطع است؛ آن را دوباره وصل کنید تا گزارش‌ها فرستاده شود.";
    /// Why a report stayed in the panel: Telegram refused or could not be reached.
    AnalyzerDeliveryFailed => "فرستادن گزارش به تلگرام نشد؛ بعداً دوباره بفرستید.";
    AnalyzerHourInvalid => "ساعت گزارش باید عددی از ۰ تا ۲۳ باشد.";
    /// Joining an analyzer to a bot by `connect-analyzer` with a node that is not an analyzer (422).
    AnalyzerNotFound => "تحلیلگری با این شناسه پیدا نشد.";
    DomainInvalid => "دامنهٔ مجاز معتبر نیست؛ فقط نام دامنه را بنویسید (مثلاً example.ir).";
    NameTooLong => "نام بیش از حد طولانی است (حداکثر ۲۰۰ نویسه).";
    /// A node's short text field over its room (core's `field_sizes`).
    TextTooLong => "این متن بیش از حد طولانی است (حداکثر ۲٬۰۰۰ نویسه).";
    NodeMessageTooLong => "متن پیام بیش از حد طولانی است (حداکثر ۴٬۰۰۰ نویسه).";
    InstructionsTooLong => "دستورالعمل بیش از حد طولانی است (حداکثر ۳۲٬۰۰۰ نویسه).";
    ContentTooLarge => "این بخش بیش از حد بزرگ است (حداکثر ۶۴٬۰۰۰ نویسه).";
    FunctionParametersInvalid => "پارامترهای تابع باید یک شمای object با دست‌کم یک ویژگی باشد.";
    /// Text holding U+0000, which PostgreSQL cannot store and no person types.
    TextHasNul => "متن نمی‌تواند نویسهٔ تهی (U+0000) داشته باشد.";
    /// A saved token, key or password that no longer opens with the server's key.
    SecretUnreadable => "یک رمز ذخیره‌شده (توکن، کلید یا گذرواژه) با کلید کنونی سرور باز نمی‌شود؛ لطفاً آن را دوباره وارد کنید.";

    // ---- Knowledge: files read into text, indexed and searched ----
    /// A file whose format the reader does not take.
    KnowledgeFormatUnsupported => "قالب فایل «{name}» خواندنی نیست. قالب‌های پذیرفته: TXT، MD، CSV، JSON، HTML، PDF، DOCX و XLSX.";
    /// A file that holds no text to read: a scanned PDF, an empty sheet.
    KnowledgeNoText => "در فایل «{name}» متنی پیدا نشد؛ شاید تصویر اسکن‌شده است. نسخه‌ای با متن قابل انتخاب بارگذاری کنید.";
    /// A password-protected PDF or Office file.
    KnowledgeEncrypted => "فایل «{name}» رمزگذاری شده است و خوانده نمی‌شود. رمز آن را بردارید و دوباره بارگذاری کنید.";
    /// A file that claims a format but cannot be read as it.
    KnowledgeCorrupt => "فایل «{name}» خراب است و به‌عنوان {format} خوانده نشد.";
    /// A file whose text is more than one file may give.
    KnowledgeTooLarge => "متن فایل «{name}» بیش از حد بزرگ است (بیش از {limit} نویسه). فایل را به چند بخش کوچک‌تر تقسیم کنید.";
    /// Reading a file ran into something unexpected; it may be tried again.
    KnowledgeReadFailed => "خواندن فایل «{name}» ناموفق بود. دوباره تلاش کنید.";
    /// A search with nothing to look for.
    KnowledgeQueryEmpty => "عبارتی برای جستجو بنویسید.";
    /// A search longer than any question.
    KnowledgeQueryTooLong => "عبارت جستجو بیش از حد بلند است (حداکثر {max} نویسه).";
    /// A search asking for more passages than it gives.
    KnowledgeLimitInvalid => "تعداد نتیجه‌ها باید عددی صحیح از ۱ تا {max} باشد.";
    /// The file search found nothing in the assistant's documents (said to the model).
    KnowledgeNothingFound => "در اسناد این دستیار چیزی دربارهٔ «{query}» پیدا نشد.";

    // ---- Export and import (core's transfer format) ----
    /// A file to import that is not JSON at all.
    TransferNotJson => "فایل خوانده نشد: محتوای آن JSON معتبری نیست. فایلی را بدهید که از «خروجی پروژه» در دستیار گرفته شده است.";
    /// JSON of another kind than a Dastyar project file.
    TransferFormatUnknown => "این فایل، فایل پروژهٔ دستیار نیست. فقط فایلی را می‌توان وارد کرد که از «خروجی پروژه» گرفته شده باشد.";
    /// A file written by a newer Dastyar than this one.
    TransferVersionNewer => "این فایل با نسخهٔ تازه‌تری از دستیار ساخته شده است (نسخهٔ {version} فایل؛ این نسخه تا نسخهٔ {supported} را می‌خواند). آن را در نسخهٔ تازه‌تر وارد کنید.";
    /// A Dastyar file whose parts are missing or of the wrong type.
    TransferShapeInvalid => "ساختار فایل پروژه نادرست است (بخشی از آن نیست یا دست خورده است) و نمی‌توان آن را وارد کرد.";
    /// Two nodes of a file with one id.
    TransferNodeIdRepeated => "شناسهٔ گره «{id}» در فایل بیش از یک بار آمده است.";
    /// A node of a kind that is never stored (the test frame).
    TransferKindNotStored => "گره‌های «{type}» ذخیره نمی‌شوند و در فایل پروژه جایی ندارند.";
    /// A node whose data does not read as its kind's.
    TransferNodeDataInvalid => "دادهٔ گره «{label}» (از نوع «{type}») در فایل نادرست است.";
    /// A node inside something that is not a container of the file.
    TransferParentInvalid => "گره «{label}» در ظرفی است که در فایل نیست یا ظرف نیست.";
    /// An edge to a node the file does not have.
    TransferEdgeEndMissing => "اتصالی در فایل به گره «{id}» اشاره می‌کند که در فایل نیست.";
    /// The same connection twice in one file.
    TransferEdgeRepeated => "اتصال «{source}» به «{target}» در فایل دو بار آمده است.";
    /// An import refused by a rule, naming the node of the file it was about.
    TransferNodeRefused => "گره «{label}» از فایل پذیرفته نشد: {reason}";
    /// An import refused by a connection rule, naming the two nodes.
    TransferEdgeRefused => "اتصال «{source}» به «{target}» از فایل پذیرفته نشد: {reason}";

    // ---- Server and accounts ----
    Unauthenticated => "برای ادامه وارد حساب خود شوید.";
    InvalidCredentials => "ایمیل یا گذرواژه نادرست است.";
    EmailTaken => "این ایمیل قبلاً ثبت شده است.";
    EmailInvalid => "ایمیل معتبر نیست.";
    PasswordTooWeak => "گذرواژه باید دست‌کم ۸ نویسه و شامل حرف و رقم باشد.";
    /// A password on the list of those most often used (and so guessed first).
    PasswordCommon => "این گذرواژه بسیار رایج است و به‌آسانی حدس زده می‌شود؛ گذرواژهٔ دیگری برگزینید.";
    /// Too many requests from one address or for one account (429 with `Retry-After`).
    TooManyRequests => "درخواست‌ها بیش از حد مجاز است. لطفاً {seconds} ثانیهٔ دیگر دوباره تلاش کنید.";
    /// Too many wrong passwords for one account (429 with `Retry-After`).
    LoginLocked => "برای این حساب تلاش ناموفق زیادی شده است. لطفاً {seconds} ثانیهٔ دیگر دوباره تلاش کنید.";
    /// The server is at capacity (503 with `Retry-After`): hashing queue, connections.
    ServerBusy => "سرور اکنون پرکار است. لطفاً {seconds} ثانیهٔ دیگر دوباره تلاش کنید.";
    InvalidJson => "بدنهٔ درخواست JSON معتبری نیست.";
    InvalidInput => "ورودی نامعتبر است.";
    NotFound => "موردی که به دنبال آن هستید پیدا نشد.";
    MethodNotAllowed => "این نشانی چنین درخواستی را نمی‌پذیرد.";
    Conflict => "این کار با وضعیت فعلی ممکن نیست.";
    TooLarge => "حجم داده بیش از حد مجاز است.";
    InternalError => "خطای داخلی رخ داد. لطفاً دوباره تلاش کنید.";
}

impl MessageCode {
    /// The stable snake_case code, as it travels in `{"error": {"code": ...}}`.
    pub fn code(self) -> String {
        // serde's rename is the single source of the spelling.
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    }

    /// Parses a snake_case code.
    pub fn from_code(code: &str) -> Option<Self> {
        serde_json::from_value(serde_json::Value::String(code.to_owned())).ok()
    }

    /// The Persian text with every `{name}` replaced by its value.
    pub fn render(self, params: &[(&str, &str)]) -> String {
        fill(self.persian(), params)
    }

    /// The English text (when the spec quotes one) with placeholders filled.
    pub fn render_english(self, params: &[(&str, &str)]) -> Option<String> {
        self.english().map(|text| fill(text, params))
    }
}

fn fill(template: &str, params: &[(&str, &str)]) -> String {
    params.iter().fold(template.to_owned(), |text, (name, value)| {
        text.replace(&format!("{{{name}}}"), value)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_code_has_a_unique_spelling_that_round_trips() {
        let mut seen = HashSet::new();
        for &code in MessageCode::ALL {
            let spelled = code.code();
            assert!(!spelled.is_empty());
            assert!(spelled.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{spelled}");
            assert!(seen.insert(spelled.clone()), "duplicate code {spelled}");
            assert_eq!(MessageCode::from_code(&spelled), Some(code));
        }
        assert_eq!(MessageCode::from_code("no_such_code"), None);
    }

    #[test]
    fn every_message_is_persian() {
        for &code in MessageCode::ALL {
            let text = code.persian();
            assert!(
                text.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)),
                "{:?} has no Persian text: {text}",
                code
            );
        }
    }

    #[test]
    fn limit_message_says_maximum() {
        assert!(MessageCode::NodeLimitExceeded.persian().contains("حداکثر"));
        assert!(MessageCode::AssistantLimitReached.persian().contains("حداکثر"));
        assert!(MessageCode::VectorStoreLimitReached.persian().contains("حداکثر"));
    }

    #[test]
    fn spec_english_texts_are_quoted_exactly() {
        let params = [("type", "assistant")];
        assert_eq!(
            MessageCode::NodeAddFailed.render_english(&params).as_deref(),
            Some("Failed to add assistant node")
        );
        assert_eq!(
            MessageCode::NodeUpdateFailed.render_english(&params).as_deref(),
            Some("Failed to update assistant node")
        );
        assert_eq!(MessageCode::NodeDeleteFailed.english(), Some("Failed to delete node"));
        assert_eq!(
            MessageCode::NodePositionFailed.english(),
            Some("Failed to update node position")
        );
        assert_eq!(MessageCode::ProjectLoadFailed.english(), Some("Failed to load project"));
    }

    #[test]
    fn render_fills_every_placeholder() {
        let text = MessageCode::AnalyzerLimitReached.render(&[("limit", "۲"), ("used", "۲")]);
        assert!(!text.contains('{'), "{text}");
        assert!(text.contains("۲ از ۲"));
    }
}
