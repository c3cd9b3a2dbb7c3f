package wire

import "github.com/paprikahq/paprika/internal/paprika"

// Certificate is a stored signing certificate as the API answers it: its
// public facts, never its key.
type Certificate struct {
	Name      string `json:"name"`
	Subject   string `json:"subject"`
	Issuer    string `json:"issuer"`
	NotBefore string `json:"notBefore"`
	NotAfter  string `json:"notAfter"`
	CreatedAt string `json:"createdAt"`
}

// NewCertificate is c as the API answers it.
func NewCertificate(c *paprika.Certificate) Certificate {
	return Certificate{Name: c.Name, Subject: c.Subject, Issuer: c.Issuer,
		NotBefore: Timestamp(c.NotBefore), NotAfter: Timestamp(c.NotAfter), CreatedAt: Timestamp(c.CreatedAt)}
}
