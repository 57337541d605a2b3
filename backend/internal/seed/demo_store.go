package seed

// StoreSettings are the company details printed in the storefront footer.
// The phone number is in Ofcom's 020 7946 0xxx range, reserved for fiction,
// so the demo never rings a real line.
var StoreSettings = DemoStoreSettings{
	StoreName:     "Atelier London",
	AddressLine1:  "14 Marylebone High Street",
	AddressLine2:  "Marylebone",
	City:          "London",
	Postcode:      "W1U 4NS",
	Country:       "United Kingdom",
	ContactEmail:  "hello@atelierlondon.co.uk",
	Phone:         "+44 20 7946 0321",
	CompanyNumber: "14682093",
	VATNumber:     "GB318462975",
}

// DeliveryOptions are the five services of the product specification, in
// checkout order. Standard is free on orders over £50; that rule belongs to
// pricing, not to this data.
var DeliveryOptions = []DemoDeliveryOption{
	{Code: "standard", Name: "Standard", Carrier: "Royal Mail", EstimatedDays: "5–7 working days", PricePence: 1735, Position: 1, Active: true},
	{Code: "express", Name: "Express", Carrier: "DPD", EstimatedDays: "3–4 working days", PricePence: 2499, Position: 2, Active: true},
	{Code: "priority", Name: "Priority", Carrier: "Hermes", EstimatedDays: "2–3 working days", PricePence: 3250, Position: 3, Active: true},
	{Code: "next_day", Name: "Next Day", Carrier: "DHL", EstimatedDays: "Next working day if ordered before 2pm", PricePence: 4524, Position: 4, Active: true},
	{Code: "premium", Name: "Premium", Carrier: "FedEx", EstimatedDays: "By 10am next working day if ordered before 4pm", PricePence: 5976, Position: 5, Active: true},
}
