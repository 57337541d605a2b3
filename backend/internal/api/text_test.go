package api

import (
	"strings"
	"testing"

	"connectrpc.com/connect"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// stringField is a path from a request message down to one of its string fields.
type stringField struct {
	path  string
	steps []protoreflect.FieldDescriptor
}

// requestStringFields lists every string field reachable from every request message of every
// service in the contract (lists, maps and nested messages included).
func requestStringFields(t *testing.T) map[protoreflect.FullName][]stringField {
	t.Helper()
	out := map[protoreflect.FullName][]stringField{}
	protoregistry.GlobalFiles.RangeFiles(func(fd protoreflect.FileDescriptor) bool {
		if !strings.HasPrefix(string(fd.Package()), "atelier.") {
			return true
		}
		for i := range fd.Services().Len() {
			methods := fd.Services().Get(i).Methods()
			for j := range methods.Len() {
				in := methods.Get(j).Input()
				if _, done := out[in.FullName()]; !done {
					out[in.FullName()] = collectStrings(in, "", nil, 0)
				}
			}
		}
		return true
	})
	require.NotEmpty(t, out)
	return out
}

func collectStrings(md protoreflect.MessageDescriptor, prefix string, steps []protoreflect.FieldDescriptor, depth int) []stringField {
	if depth > 4 {
		return nil
	}
	var out []stringField
	for i := range md.Fields().Len() {
		fd := md.Fields().Get(i)
		path := string(fd.Name())
		if prefix != "" {
			path = prefix + "." + path
		}
		here := append(append([]protoreflect.FieldDescriptor{}, steps...), fd)
		switch {
		case fd.IsMap():
			if fd.MapValue().Kind() == protoreflect.StringKind {
				out = append(out, stringField{path: path + `["k"]`, steps: here})
			}
		case fd.Kind() == protoreflect.StringKind:
			if fd.IsList() {
				path += "[0]"
			}
			out = append(out, stringField{path: path, steps: here})
		case fd.Kind() == protoreflect.MessageKind && !fd.IsList():
			out = append(out, collectStrings(fd.Message(), path, here, depth+1)...)
		case fd.Kind() == protoreflect.MessageKind && fd.IsList():
			out = append(out, collectStrings(fd.Message(), path+"[0]", here, depth+1)...)
		}
	}
	return out
}

// set puts value into the field the path leads to, making the messages on the way.
func set(msg protoreflect.Message, steps []protoreflect.FieldDescriptor, value string) {
	fd := steps[0]
	if len(steps) == 1 {
		switch {
		case fd.IsMap():
			msg.Mutable(fd).Map().Set(protoreflect.ValueOfString("k").MapKey(), protoreflect.ValueOfString(value))
		case fd.IsList():
			msg.Mutable(fd).List().Append(protoreflect.ValueOfString(value))
		default:
			msg.Set(fd, protoreflect.ValueOfString(value))
		}
		return
	}
	if fd.IsList() {
		list := msg.Mutable(fd).List()
		el := list.NewElement()
		set(el.Message(), steps[1:], value)
		list.Append(el)
		return
	}
	set(msg.Mutable(fd).Message(), steps[1:], value)
}

// Every string of every request the contract accepts passes the one text rule: a NUL, bytes that
// are not UTF-8 and invisible direction or formatting characters are refused with
// InvalidArgument, reason invalid_text, naming the field; ordinary text in any script, emoji
// sequences (with their zero-width joiners) and line breaks pass.
func TestTextRuleCoversEveryRequestString(t *testing.T) {
	t.Parallel()
	bad := map[string]string{
		"nul":              "Jane\x00Doe",
		"invalid utf-8":    "Jane\xffDoe",
		"truncated utf-8":  "Jane\xe2\x80",
		"right-to-left":    "Jane\u202eeoD",
		"isolate":          "\u2067Jane",
		"zero-width space": "Ja\u200bne",
		"byte-order mark":  "\ufeffJane",
		"tag character":    "Jane\U000E0041",
	}
	good := "Zoë Ødegård — 👩‍👩‍👧 مرحبا, 東京\n2nd line\tend"
	fields := requestStringFields(t)
	checked := 0
	for name, list := range fields {
		mt, err := protoregistry.GlobalTypes.FindMessageByName(name)
		require.NoError(t, err)
		for _, f := range list {
			ok := mt.New()
			set(ok, f.steps, good)
			require.NoError(t, checkMessageText(ok), "%s.%s: ordinary text passes", name, f.path)
			for what, value := range bad {
				msg := mt.New()
				set(msg, f.steps, value)
				err := checkMessageText(msg)
				require.Error(t, err, "%s.%s: %s is refused", name, f.path, what)
				require.Equal(t, connect.CodeInvalidArgument, connect.CodeOf(err))
				info := errorInfoOf(t, err)
				require.Equal(t, "invalid_text", info.GetReason())
				require.Equal(t, f.path, info.GetMetadata()["field"], "%s: the field is named", name)
				checked++
			}
		}
	}
	require.Greater(t, checked, 100, "the contract's string fields were found")
	t.Logf("%d refusals over %d request messages", checked, len(fields))
}

func TestCheckText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		in   string
		bad  bool
	}{
		{"empty", "", false},
		{"latin with accents", "Crème de la Mer", false},
		{"arabic needs no marks", "مرحبا بالعالم", false},
		{"emoji with zero-width joiners", "👩‍👩‍👧", false},
		{"zero-width non-joiner (Persian)", "می\u200cخواهم", false},
		{"soft hyphen", "skin\u00adcare", false},
		{"line breaks and tabs", "a\r\nb\tc", false},
		{"NUL", "a\x00", true},
		{"lone continuation byte", "\x80", true},
		{"overlong encoding", "\xc0\xaf", true},
		{"surrogate half", "\xed\xa0\x80", true},
		{"LRM", "a\u200e", true},
		{"RLM", "a\u200f", true},
		{"Arabic letter mark", "a\u061c", true},
		{"LRO", "\u202d", true},
		{"PDI", "\u2069", true},
		{"word joiner", "a\u2060b", true},
		{"interlinear annotation", "\ufff9", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, bad := checkText(tc.in)
			require.Equal(t, tc.bad, bad)
		})
	}
}

// FuzzCheckText: the rule never panics, and what it accepts is valid UTF-8 without NUL.
func FuzzCheckText(f *testing.F) {
	for _, s := range []string{"", "Jane", "a\x00b", "\xff", "\u202e", "👩‍👩‍👧"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, bad := checkText(s); !bad {
			require.Equal(t, strings.ToValidUTF8(s, ""), s)
			require.NotContains(t, s, "\x00")
		}
	})
}
