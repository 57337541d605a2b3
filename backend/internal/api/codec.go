package api

import (
	"errors"
	"fmt"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// strictJSONCodec is Connect's JSON codec without its one leniency: a field the contract does not
// have is refused (400, naming it) instead of silently dropped, so that a partner's typo
// ("unit_price", "quantity") is noticed at once. REST bodies follow the same rule (the app's
// REST codec). Binary protobuf keeps its unknown-field tolerance: it cannot carry a typo, and a
// newer client's added fields must not break an older server.
type strictJSONCodec struct{ name string }

func (c strictJSONCodec) Name() string { return c.name }

func (c strictJSONCodec) Marshal(message any) ([]byte, error) {
	m, ok := message.(proto.Message)
	if !ok {
		return nil, fmt.Errorf("%T is not a proto.Message", message)
	}
	return protojson.MarshalOptions{}.Marshal(m)
}

func (c strictJSONCodec) Unmarshal(data []byte, message any) error {
	m, ok := message.(proto.Message)
	if !ok {
		return fmt.Errorf("%T is not a proto.Message", message)
	}
	if len(data) == 0 {
		return errors.New("zero-length payload is not a valid JSON object")
	}
	return protojson.UnmarshalOptions{}.Unmarshal(data, m)
}

// strictJSONCodecs replace Connect's JSON codecs under both names it registers them by.
func strictJSONCodecs() []connect.HandlerOption {
	return []connect.HandlerOption{
		connect.WithCodec(strictJSONCodec{name: "json"}),
		connect.WithCodec(strictJSONCodec{name: "json; charset=utf-8"}),
	}
}
