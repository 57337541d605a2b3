import { useState } from "react";
import { Link, useParams } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { ErrorState, LoadingState } from "~/components/ui/states";
import { formatCount, formatDateTime } from "~/lib/format";
import { type Endpoint, useEndpoint } from "./api";
import { DeliveryLog } from "./delivery-log";
import { EditEndpointDialog } from "./edit-endpoint-dialog";
import {
  DeleteEndpointDialog,
  DisableEndpointDialog,
  RotateSecretDialog,
  useSetEnabled,
} from "./endpoint-actions";
import { EndpointStatus, EventTypeList } from "./endpoint-parts";
import "./webhooks.css";

const back = <Link to="/webhooks">Back to webhooks</Link>;

/**
 * EndpointScreen is one webhook endpoint: what it receives and whether it is enabled, the admin's
 * actions on it (edit, enable or disable, rotate its secret, delete), and its delivery log.
 */
export function EndpointScreen() {
  const { id = "" } = useParams();
  const endpoint = useEndpoint(id);
  if (endpoint.isPending) return <LoadingState label="Loading the endpoint..." />;
  if (endpoint.isError) {
    return (
      <>
        <PageHeader title="Webhook endpoint" description={back} />
        <ErrorState error={endpoint.error} onRetry={() => void endpoint.refetch()} />
      </>
    );
  }
  return <EndpointDetails endpoint={endpoint.data} />;
}

type Open = "edit" | "disable" | "rotate" | "delete" | null;

/** EndpointDetails is the screen of an endpoint already loaded (EndpointScreen loads it). */
export function EndpointDetails({ endpoint }: { endpoint: Endpoint }) {
  const [open, setOpen] = useState<Open>(null);
  const setEnabled = useSetEnabled(endpoint);
  const close = () => setOpen(null);
  const actions = (
    <>
      <Button variant="secondary" onClick={() => setOpen("edit")}>
        Edit
      </Button>
      {endpoint.enabled ? (
        <Button variant="secondary" onClick={() => setOpen("disable")}>
          Disable
        </Button>
      ) : (
        <Button variant="secondary" busy={setEnabled.isPending} onClick={() => setEnabled.mutate(true)}>
          Enable
        </Button>
      )}
      <Button variant="secondary" onClick={() => setOpen("rotate")}>
        Rotate secret
      </Button>
      <Button variant="danger" onClick={() => setOpen("delete")}>
        Delete
      </Button>
    </>
  );
  return (
    <>
      <PageHeader title="Webhook endpoint" description={back} actions={actions} />
      {!endpoint.enabled && endpoint.disabled_reason ? (
        <Alert tone="warning" title="The shop disabled this endpoint">
          {endpoint.disabled_reason} Enabling it again resets its failure count; events that happened while it
          was disabled are not sent.
        </Alert>
      ) : null}
      <section className="panel webhooks__details" aria-label="Endpoint">
        <dl>
          <div>
            <dt>URL</dt>
            <dd className="webhooks__url">{endpoint.url}</dd>
          </div>
          <div>
            <dt>Description</dt>
            <dd>{endpoint.description || <span className="webhooks__muted">None</span>}</dd>
          </div>
          <div>
            <dt>Event types</dt>
            <dd>
              <EventTypeList types={endpoint.event_types} />
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <EndpointStatus endpoint={endpoint} />
            </dd>
          </div>
          <div>
            <dt>Failures in a row</dt>
            <dd>{formatCount(endpoint.failure_streak ?? 0)}</dd>
          </div>
          {endpoint.previous_secret_expires_at ? (
            <div>
              <dt>Previous secret signs until</dt>
              <dd>{formatDateTime(endpoint.previous_secret_expires_at)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Created</dt>
            <dd>{formatDateTime(endpoint.created_at)}</dd>
          </div>
          <div>
            <dt>Last changed</dt>
            <dd>{formatDateTime(endpoint.updated_at)}</dd>
          </div>
        </dl>
      </section>
      <DeliveryLog endpoint={endpoint} />
      {open === "edit" ? <EditEndpointDialog endpoint={endpoint} onClose={close} /> : null}
      <DisableEndpointDialog endpoint={endpoint} open={open === "disable"} onClose={close} />
      <RotateSecretDialog endpoint={endpoint} open={open === "rotate"} onClose={close} />
      <DeleteEndpointDialog endpoint={endpoint} open={open === "delete"} onClose={close} />
    </>
  );
}
