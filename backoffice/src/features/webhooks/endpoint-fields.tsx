import { useId } from "react";
import { CheckboxField, TextArea, TextField } from "~/components/ui/field";
import { type EventType, eventTypeGroups } from "./api";
import type { EndpointErrors, EndpointValues } from "./endpoint-form";

/**
 * EndpointFields are the fields of both endpoint forms: the URL, the note, and the event types
 * as checkboxes grouped by what they are about.
 */
export function EndpointFields({
  values,
  errors,
  onChange,
}: {
  values: EndpointValues;
  errors: EndpointErrors;
  onChange: (next: EndpointValues) => void;
}) {
  const typesId = useId();

  function toggle(type: EventType, on: boolean) {
    const chosen = on ? [...values.event_types, type] : values.event_types.filter((t) => t !== type);
    onChange({ ...values, event_types: chosen });
  }

  function toggleGroup(types: readonly { type: EventType }[], on: boolean) {
    const names = types.map((t) => t.type);
    const rest = values.event_types.filter((t) => !names.includes(t));
    onChange({ ...values, event_types: on ? [...rest, ...names] : rest });
  }

  return (
    <>
      <TextField
        label="URL"
        name="url"
        type="url"
        inputMode="url"
        hint="The partner's HTTPS address that receives the events, e.g. https://erp.partner.example/webhooks."
        value={values.url}
        maxLength={2048}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => onChange({ ...values, url: e.target.value })}
        error={errors.url}
        autoFocus
      />
      <TextArea
        label="Description"
        name="description"
        hint="Optional: what it is for, e.g. “ERP order sync”."
        value={values.description}
        maxLength={500}
        rows={2}
        onChange={(e) => onChange({ ...values, description: e.target.value })}
        error={errors.description}
      />
      <fieldset
        className={
          errors.event_types ? "webhook-form__types webhook-form__types--invalid" : "webhook-form__types"
        }
        aria-describedby={errors.event_types ? `${typesId}-error` : undefined}
      >
        <legend>Event types</legend>
        <p className="field__hint webhook-form__note">The events the shop sends to this endpoint.</p>
        <div className="webhook-form__groups">
          {eventTypeGroups.map((group) => {
            const all = group.types.every((t) => values.event_types.includes(t.type));
            return (
              <fieldset key={group.label} className="webhook-form__group">
                <legend>{group.label}</legend>
                {group.all ? (
                  <CheckboxField
                    label={group.all}
                    checked={all}
                    onChange={(e) => toggleGroup(group.types, e.target.checked)}
                  />
                ) : null}
                {group.types.map((t) => (
                  <CheckboxField
                    key={t.type}
                    name="event_types"
                    value={t.type}
                    label={t.type}
                    hint={t.hint}
                    checked={values.event_types.includes(t.type)}
                    onChange={(e) => toggle(t.type, e.target.checked)}
                  />
                ))}
              </fieldset>
            );
          })}
        </div>
        {errors.event_types ? (
          <p className="field__error" id={`${typesId}-error`}>
            {errors.event_types}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}

/** sortedTypes puts chosen event types in the API's order, whatever order they were ticked in. */
export function sortedTypes(chosen: readonly EventType[]): EventType[] {
  return eventTypeGroups.flatMap((g) => g.types.map((t) => t.type)).filter((t) => chosen.includes(t));
}
