package catalog

// SetCountCap lowers how many matches s counts, so tests can pass the cap with a few products.
func SetCountCap(s *Service, n int) { s.countCap = n }
