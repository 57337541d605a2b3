package seed

import "time"

// Pages are the editable information pages. Dates are noon UTC so that the
// calendar day shown is the same in every time zone the shop serves.
var Pages = []DemoPage{
	{Slug: "privacy", Title: "Privacy Policy", HTML: privacyHTML, UpdatedAt: day(2025, time.May, 12)},
	{Slug: "terms", Title: "Terms and Conditions", HTML: termsHTML, UpdatedAt: day(2025, time.May, 13)},
	{Slug: "faq", Title: "Frequently Asked Questions", HTML: faqHTML, UpdatedAt: day(2025, time.May, 12)},
}

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 12, 0, 0, 0, time.UTC) }

const privacyHTML = `<p>Atelier London Ltd (“Atelier London”, “we”, “us”) respects your privacy. This policy explains what personal data we collect when you visit atelierlondon.co.uk, shop with us or contact us, why we collect it, and the rights you have over it under the UK General Data Protection Regulation (UK GDPR), the Data Protection Act 2018 and, for customers in the European Union, the EU General Data Protection Regulation.</p>

<h2>Who we are</h2>
<p>Atelier London Ltd is the controller of your personal data. We are a company registered in England and Wales (company number 14682093) with our registered office at 14 Marylebone High Street, London W1U 4NS, United Kingdom. You can reach us about anything in this policy at <a href="mailto:hello@atelierlondon.co.uk">hello@atelierlondon.co.uk</a> or on +44 20 7946 0321.</p>

<h2>The data we collect</h2>
<h3>Data you give us</h3>
<ul>
<li><strong>Account details</strong>: your name, e-mail address and password (stored only as a secure hash; we can never read it).</li>
<li><strong>Order details</strong>: delivery and billing addresses, the products you buy, your chosen delivery option and whether a signature is required.</li>
<li><strong>Messages</strong>: anything you send us through the contact form or by e-mail.</li>
<li><strong>Newsletter</strong>: your e-mail address, if you choose to subscribe.</li>
</ul>
<h3>Data collected when you use the site</h3>
<ul>
<li><strong>Basket and session</strong>: a cookie that keeps your basket and, if you sign in, your session. These are strictly necessary for the shop to work.</li>
<li><strong>Wishlist</strong>: if you are not signed in, your wishlist is kept in your own browser and is only sent to us when you sign in.</li>
<li><strong>Technical data</strong>: IP address, browser type and pages requested, kept in server logs to protect the shop against fraud and abuse.</li>
</ul>
<h3>Payment data</h3>
<p>Card payments are processed by our payment provider, Stripe. Your card number is entered directly into Stripe’s secure payment form and never reaches our servers. We receive only the payment status, the card brand and the last four digits.</p>

<h2>Why we use your data</h2>
<ul>
<li><strong>To fulfil your order</strong> (performance of a contract): processing payment, dispatching your parcel, sending order and shipping e-mails and handling returns.</li>
<li><strong>To run your account</strong> (performance of a contract): order history, saved wishlist and password resets.</li>
<li><strong>To answer your questions</strong> (legitimate interests): replying to messages sent through our contact form.</li>
<li><strong>To send our newsletter</strong> (consent): only if you have subscribed. Every newsletter has an unsubscribe link, and you can withdraw consent at any time.</li>
<li><strong>To meet our legal obligations</strong>: keeping accounting and VAT records and preventing fraud.</li>
</ul>

<h2>Who we share it with</h2>
<p>We never sell your personal data. We share only what is needed with trusted service providers acting on our instructions:</p>
<ul>
<li>Stripe, to take card payments;</li>
<li>our delivery partners (Royal Mail, DPD, Hermes, DHL and FedEx), to deliver your order;</li>
<li>our hosting and e-mail providers, to run the shop and send you messages.</li>
</ul>
<p>Where a provider processes data outside the UK, we rely on UK adequacy regulations or the International Data Transfer Agreement to keep your data protected to the same standard.</p>

<h2>How long we keep it</h2>
<ul>
<li>Order and invoice records: six years from the end of the financial year, as UK tax law requires.</li>
<li>Account data: for as long as your account is open. You may close it at any time.</li>
<li>Contact messages: two years after our last exchange.</li>
<li>Newsletter subscription: until you unsubscribe.</li>
<li>Server logs: 90 days.</li>
</ul>

<h2>Cookies</h2>
<p>We use only the cookies needed to run the shop: a basket cookie, a session cookie when you sign in and a security cookie that protects forms. We do not use advertising or cross-site tracking cookies, so we do not show a cookie banner.</p>

<h2>Your rights</h2>
<p>You have the right to:</p>
<ul>
<li>access the personal data we hold about you;</li>
<li>have inaccurate data corrected;</li>
<li>have your data erased where we no longer need it;</li>
<li>restrict or object to our use of your data;</li>
<li>receive your data in a portable format;</li>
<li>withdraw consent at any time, where we rely on consent.</li>
</ul>
<p>To exercise any of these rights, e-mail <a href="mailto:hello@atelierlondon.co.uk">hello@atelierlondon.co.uk</a>. We will reply within one month. If you are unhappy with how we handle your data, you may complain to the Information Commissioner’s Office at <a href="https://ico.org.uk">ico.org.uk</a>, or to the data protection authority of your EU country of residence.</p>

<h2>Security</h2>
<p>The site is served over HTTPS, passwords are stored as salted hashes, and access to customer data is limited to the staff who need it to serve you.</p>

<h2>Changes to this policy</h2>
<p>We may update this policy from time to time. The date at the top of this page shows when it last changed; significant changes will also be announced by e-mail to account holders.</p>`

const termsHTML = `<p>These terms and conditions apply to every order placed on atelierlondon.co.uk. Please read them before you buy. By placing an order you agree to them. They do not affect your statutory rights as a consumer under the Consumer Rights Act 2015 or the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013.</p>

<h2>1. About us</h2>
<p>This shop is operated by Atelier London Ltd, a company registered in England and Wales (company number 14682093, VAT number GB318462975), whose registered office is at 14 Marylebone High Street, London W1U 4NS, United Kingdom. E-mail: <a href="mailto:hello@atelierlondon.co.uk">hello@atelierlondon.co.uk</a>. Telephone: +44 20 7946 0321.</p>

<h2>2. Who may buy</h2>
<p>We sell to consumers aged 18 or over with a delivery address in the United Kingdom or a member state of the European Union. You may check out as a guest or with an account; you are responsible for keeping your password confidential.</p>

<h2>3. Products and prices</h2>
<ul>
<li>All prices are shown in pounds sterling (GBP) and include UK VAT at the current rate. The VAT included is shown at checkout and on your invoice.</li>
<li>Delivery charges are shown separately at checkout before you pay.</li>
<li>Product images are illustrations; packaging may vary slightly from the images shown.</li>
<li>If we discover an obvious pricing error, we will contact you and you may cancel or confirm the order at the correct price.</li>
</ul>

<h2>4. Orders and payment</h2>
<p>Your order is an offer to buy. The contract between us is formed when we send you an e-mail confirming that your order has been paid and accepted. Payment is taken by card through our payment provider, Stripe, when you place the order. Items in your order are reserved for you while payment is completed; if payment does not succeed, the reservation is released.</p>
<p>We may decline an order, for example when an item is out of stock or when we suspect fraud. If we do so after taking payment, we refund you in full.</p>

<h2>5. Delivery</h2>
<p>Orders placed before 3pm GMT on a working day are normally dispatched the same day, and all orders are processed within 24 hours. The delivery options and current prices are:</p>
<ul>
<li>Standard (Royal Mail), 5–7 working days: £17.35, free on orders over £50;</li>
<li>Express (DPD), 3–4 working days: £24.99;</li>
<li>Priority (Hermes), 2–3 working days: £32.50;</li>
<li>Next Day (DHL), next working day if ordered before 2pm: £45.24;</li>
<li>Premium (FedEx), by 10am next working day if ordered before 4pm: £59.76.</li>
</ul>
<p>Delivery times are estimates. We cannot deliver to PO Boxes. Fragrance, nail and aerosol products may only be sent by Standard or Premium delivery. Further details are on our <a href="/shipping">Shipping</a> page. Risk in the goods passes to you on delivery.</p>

<h2>6. Your right to cancel and returns</h2>
<p>You may cancel your order and return unused, unopened items within 28 days of receiving them, without giving a reason. To start a return, e-mail <a href="mailto:hello@atelierlondon.co.uk">hello@atelierlondon.co.uk</a> with your order number. For hygiene reasons we cannot accept the return of products whose seal has been broken, unless they are faulty.</p>
<p>We refund you within 10 working days of receiving the returned items, to your original payment method or, if you prefer, as store credit. The original delivery charge and the cost of returning the goods are not refunded unless the items are faulty or we sent you the wrong product.</p>

<h2>7. Faulty products</h2>
<p>If a product arrives damaged or faulty, please tell us within 30 days and we will replace it or refund you in full, including delivery costs. Your statutory rights are not affected.</p>

<h2>8. Using our products</h2>
<p>Please read the ingredients and directions before use and carry out a patch test if you have sensitive skin. Stop using a product if irritation occurs. Our products are cosmetics and are not intended to diagnose, treat or prevent any medical condition.</p>

<h2>9. Liability</h2>
<p>We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or failing to use reasonable care. We do not exclude liability for death or personal injury caused by our negligence, for fraud, or for any other liability that cannot be excluded by law.</p>

<h2>10. Your personal data</h2>
<p>We use your personal data as described in our <a href="/privacy">Privacy Policy</a>.</p>

<h2>11. Changes to these terms</h2>
<p>We may revise these terms from time to time. The version in force when you place your order applies to that order.</p>

<h2>12. Law and disputes</h2>
<p>These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland you may also bring proceedings there, and consumers in the EU keep the protection of the mandatory laws of their country of residence. If you have a complaint, please <a href="/contact">contact us</a> first; we aim to resolve every concern within 14 days.</p>`

// faqHTML groups questions under <h2> sections, each an <h3> followed by its
// answer paragraphs, so the FAQ page can filter by question and section.
const faqHTML = `<h2>Orders</h2>
<h3>Do I need an account to place an order?</h3>
<p>No. You can check out as a guest with just your e-mail address. Creating an account lets you track orders, keep a wishlist and check out faster next time.</p>

<h3>Which payment methods do you accept?</h3>
<p>We accept Visa, Mastercard and American Express, as well as Apple Pay and Google Pay where your device supports them. Payments are processed securely by Stripe, and we never see or store your full card number.</p>

<h3>Are prices inclusive of VAT?</h3>
<p>Yes. All prices are in pounds sterling and include UK VAT at 20%. The VAT included in your order is shown at checkout and on your confirmation e-mail.</p>

<h3>Can I change or cancel my order?</h3>
<p>We dispatch quickly, so please <a href="/contact">contact us</a> as soon as possible. If your order has not yet been dispatched we will happily amend or cancel it. Once it has shipped, you can return it under our returns policy.</p>

<h2>Delivery</h2>
<h3>How much does delivery cost?</h3>
<p>Standard delivery with Royal Mail costs £17.35 and is free on orders over £50. Express (DPD) is £24.99, Priority (Hermes) £32.50, Next Day (DHL) £45.24 and Premium (FedEx) £59.76.</p>

<h3>When will my order arrive?</h3>
<p>Orders placed before 3pm GMT on a working day are dispatched the same day, and every order is processed within 24 hours. Standard delivery takes 5–7 working days, Express 3–4 and Priority 2–3. Next Day arrives the next working day if you order before 2pm, and Premium by 10am the next working day if you order before 4pm.</p>

<h3>Do you deliver outside the UK?</h3>
<p>Yes, we deliver to all member states of the European Union as well as the whole of the UK. We cannot deliver to PO Boxes.</p>

<h3>Why can’t I choose Express for some items?</h3>
<p>Fragrance, nail and aerosol products are restricted by our carriers and can only be sent by Standard or Premium delivery.</p>

<h3>What if I’m not in when my parcel arrives?</h3>
<p>Our couriers make two further delivery attempts, and you can reschedule delivery within 5 working days using the link in your shipping e-mail. See our <a href="/shipping">Shipping</a> page for details.</p>

<h2>Returns</h2>
<h3>What is your returns policy?</h3>
<p>You can return unused, unopened items within 28 days of receiving them. E-mail <a href="mailto:hello@atelierlondon.co.uk">hello@atelierlondon.co.uk</a> with your order number and we will send you return instructions.</p>

<h3>When will I receive my refund?</h3>
<p>We refund you within 10 working days of receiving your return, either to your original payment method or as store credit if you prefer. Delivery charges are not refunded unless the item was faulty.</p>

<h3>My product arrived damaged. What should I do?</h3>
<p>We are sorry. Please e-mail us a photo of the item within 30 days of delivery and we will send a replacement or refund you in full, including delivery.</p>

<h2>Products</h2>
<h3>Are your products cruelty-free?</h3>
<p>Yes. Neither Maison Lumière nor Verdant & Co tests on animals, at any stage of development, and we do not sell in markets that require animal testing.</p>

<h3>Which products are vegan?</h3>
<p>All Verdant & Co products are vegan, and many Maison Lumière formulas are too. Look for the Vegan tag on each product page.</p>

<h3>How do I choose between Maison Lumière and Verdant & Co?</h3>
<p>Maison Lumière is our French luxury house, known for rich textures, precious ingredients and high-performance actives such as vitamin C, retinol and peptides. Verdant & Co is our British botanical apothecary, with gentle plant-based formulas in recyclable packaging. Both suit every skin type; each product page lists the skin types it is best for.</p>

<h3>I have sensitive skin. Is there anything I should know?</h3>
<p>Look for products tagged Fragrance-free or Sensitive skin, and always patch test a new product on your inner arm 24 hours before using it on your face.</p>

<h2>Account</h2>
<h3>How do I reset my password?</h3>
<p>Choose “Forgot password” on the <a href="/login">sign-in page</a> and enter your e-mail address. If an account exists, we will send you a link to choose a new password of at least 8 characters.</p>

<h3>Will my basket and wishlist be saved?</h3>
<p>Yes. Your basket is kept for you even as a guest, and when you sign in, your guest basket and wishlist are added to your account so you can pick up where you left off on any device.</p>

<h3>How do I unsubscribe from the newsletter?</h3>
<p>Every newsletter includes an unsubscribe link at the bottom. You can also e-mail us and we will remove you straight away.</p>

<h3>Still have a question?</h3>
<p>Our team is here Monday to Friday 9am–6pm and Saturday 10am–4pm GMT. <a href="/contact">Contact us</a> and we will get back to you soon.</p>`
