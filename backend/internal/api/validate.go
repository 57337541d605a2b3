package api

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"buf.build/go/protovalidate"
	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/proto"
)

// validationInterceptor enforces the shared text rule (text.go) and the protovalidate rules
// written in the contract, so every transport rejects bad input the same way before a service
// sees it.
func validationInterceptor() (connect.UnaryInterceptorFunc, error) {
	v, err := protovalidate.New()
	if err != nil {
		return nil, fmt.Errorf("api.validationInterceptor: protovalidate: %w", err)
	}
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			msg, ok := req.Any().(proto.Message)
			if !ok {
				return next(ctx, req)
			}
			if err := checkMessageText(msg.ProtoReflect()); err != nil {
				return nil, err
			}
			if err := v.Validate(msg); err != nil {
				return nil, validationError(err)
			}
			return next(ctx, req)
		}
	}, nil
}

func validationError(err error) error {
	var verr *protovalidate.ValidationError
	if !errors.As(err, &verr) {
		return connect.NewError(connect.CodeInternal, errors.New("internal error"))
	}
	var parts []string
	reason := "invalid_argument"
	bad := &errdetails.BadRequest{}
	for i, v := range verr.Violations {
		field := protovalidate.FieldPathString(v.Proto.GetField())
		msg := v.Proto.GetMessage()
		// The contract's own rules (a CEL rule with an id like "password_too_short", unlike
		// protovalidate's "string.min_len") carry a sentence written for people and a stable
		// reason: pass both on as they are.
		custom := isCustomRule(v.Proto.GetRuleId())
		switch {
		case field == "" || custom:
			parts = append(parts, msg)
		default:
			parts = append(parts, field+": "+msg)
		}
		if i == 0 && custom {
			reason = v.Proto.GetRuleId()
		}
		bad.FieldViolations = append(bad.FieldViolations, &errdetails.BadRequest_FieldViolation{Field: field, Description: msg})
	}
	ce := connect.NewError(connect.CodeInvalidArgument, errors.New(strings.Join(parts, "; ")))
	if d, err := connect.NewErrorDetail(bad); err == nil {
		ce.AddDetail(d)
	}
	meta := map[string]string{}
	if len(bad.GetFieldViolations()) > 0 {
		meta["field"] = bad.GetFieldViolations()[0].GetField()
	}
	return withReason(ce, reason, meta)
}

// isCustomRule tells the contract's named CEL rules from protovalidate's standard ones, whose ids
// are dotted ("string.min_len", "int32.gte").
func isCustomRule(id string) bool { return id != "" && !strings.Contains(id, ".") }
