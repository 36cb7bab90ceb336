import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ContractStatus } from '@casaoferta/domain/codes';
import { formatDayTime } from '@casaoferta/domain/format';
import type { ContractViewDto } from '@casaoferta/domain/schemas/contracts';
import { ApiError } from '../../../shared/api/api-error';
import { downloadFile } from '../../../shared/api/download-file';
import { errorText } from '../../../shared/api/error-text';
import { cachedExceptionAttributes } from '../../../shared/api/masters-cache';
import { QueryProvider } from '../../../shared/api/query-client';
import { paths } from '../../../shared/paths';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { contractsApi } from '../api/keys';
import { useContractAction, useSaveParty } from '../api/mutations';
import { useContract, useOwnerData, useTenantData } from '../api/queries';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ContractForm } from '../components/contract-form';
import { ContractStepper } from '../components/contract-stepper';
import { ContractSummary } from '../components/contract-summary';
import { InventoryPhotos } from '../components/inventory-photos';
import { MyTerms } from '../components/my-terms';
import { SignDialog } from '../components/sign-dialog';
import {
  canCancelContract,
  canEditMine,
  canSendMine,
  canSendToSign,
  canSign,
  isMyTurn,
  kindGroup,
  photosEditable,
  roleLabel,
  statusLabel,
} from '../contract-view';
import { formValuesOf } from '../form-schema';
import { contractsTexts } from '../texts';
import '../contracts.css';

const t = contractsTexts.detail;

const messageOf = (error: unknown) =>
  error instanceof ApiError ? errorText(error.code, cachedExceptionAttributes()) : t.downloadError;

/** Who must act, in words: me, or the other party by name. */
function whoActs(contract: ContractViewDto): string {
  const step = contract.nextStep;
  if (step === 'done' || step === 'cancelled') return t.waiting[step];
  const other = contract.role === 'owner' ? contract.tenantName : contract.ownerName;
  return isMyTurn(contract) ? t.waiting[step].you : t.waiting[step].other(other);
}

function MyData({ contract, onSent }: { contract: ContractViewDto; onSent: () => void }) {
  const { id, role, kind } = contract;
  const owner = useOwnerData(id, role === 'owner');
  const tenant = useTenantData(id, role === 'tenant');
  const query = role === 'owner' ? owner : tenant;
  const save = useSaveParty(id, role);
  const action = useContractAction(id, role);
  const editable = canEditMine(contract);
  const sent = (role === 'owner' ? contract.ownerSentAt : contract.tenantSentAt) !== null;
  const title =
    role === 'owner' ? contractsTexts.form.titleOwner[kindGroup(kind)] : contractsTexts.form.titleTenant;
  return (
    <section className="ctr-section stack" aria-labelledby="ctr-mine">
      <h2 id="ctr-mine">{title}</h2>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <ErrorState
          title={contractsTexts.form.loadError}
          headingLevel={3}
          onRetry={() => void query.refetch()}
        />
      ) : editable ? (
        <ContractForm
          key={`${id}-${role}`}
          role={role}
          kind={kind}
          defaultValues={formValuesOf(query.data, role, kind)}
          canSend={canSendMine(contract)}
          onSave={(input) => save.mutateAsync(input)}
          onSend={() => action.mutateAsync('send')}
          onSent={onSent}
        />
      ) : (
        <>
          {sent && <p className="alert">{contractsTexts.form.frozen}</p>}
          <MyTerms data={query.data} />
        </>
      )}
    </section>
  );
}

function Signatures({ contract }: { contract: ContractViewDto }) {
  const rows = [
    { role: 'owner' as const, signature: contract.ownerSignature },
    { role: 'tenant' as const, signature: contract.tenantSignature },
  ];
  return (
    <section className="ctr-section stack" aria-labelledby="ctr-signatures">
      <h2 id="ctr-signatures">{t.signaturesTitle}</h2>
      <ul className="plain-list stack">
        {rows.map(({ role, signature }) => (
          <li key={role}>
            {signature
              ? t.signedBy(signature.fullName, formatDayTime(signature.signedAt, 'longWithZone'))
              : t.pendingSignature(roleLabel(contract.kind, role))}
          </li>
        ))}
      </ul>
      {contract.documentSha256 && (
        <div className="stack ctr-hash">
          <p className="text-sm">{t.hashLabel}</p>
          <code className="ctr-hash__value" aria-describedby="ctr-hash-hint">
            {contract.documentSha256}
          </code>
          <p id="ctr-hash-hint" className="muted text-sm">
            {t.hashHint}
          </p>
        </div>
      )}
    </section>
  );
}

type Confirming = 'sendSign' | 'cancel' | null;

function Contract({ id }: { id: string }) {
  const query = useContract(id);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // After an action whose button goes away, the title takes the focus.
  const [focusTitle, setFocusTitle] = useState(0);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [signing, setSigning] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const role = query.data?.role ?? 'owner';
  const action = useContractAction(id, role);
  useEffect(() => {
    if (focusTitle > 0) titleRef.current?.focus();
  }, [focusTitle]);

  if (query.isPending) return <Spinner block />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
      return (
        <EmptyState
          headingLevel={1}
          title={t.notFoundTitle}
          description={t.notFoundText}
          action={
            <Link className={buttonClassName('primary')} to={paths.contractsList}>
              {t.backToList}
            </Link>
          }
        />
      );
    }
    return <ErrorState headingLevel={1} title={t.loadErrorTitle} onRetry={() => void query.refetch()} />;
  }

  const contract = query.data;
  const signed = contract.statusCode === ContractStatus.Signed;
  const downloadable = signed || contract.statusCode === ContractStatus.SentToSign;
  const refocus = () => setFocusTitle((n) => n + 1);
  const confirm = () => {
    if (!confirming) return;
    const kind = confirming;
    action.mutate(kind, {
      onSuccess: () => {
        setConfirming(null);
        showToast(kind === 'cancel' ? contractsTexts.confirmCancel.done : t.sendSignDone, 'success');
        refocus();
      },
      onError: () => setConfirming(null),
    });
  };
  const download = () => {
    setDownloading(true);
    downloadFile(contractsApi.download(id), `contrato-${id}.pdf`)
      .catch((error: unknown) => showToast(messageOf(error), 'error'))
      .finally(() => setDownloading(false));
  };
  const dialog = confirming === 'cancel' ? contractsTexts.confirmCancel : contractsTexts.confirmSendSign;

  return (
    <article className="ctr-detail stack">
      <Link className="ctr-back" to={paths.contractsList}>
        {t.backToList}
      </Link>
      <header className="stack ctr-detail__head">
        <p className="muted text-sm">{contractsTexts.kinds[contract.kind]}</p>
        <h1 ref={titleRef} tabIndex={-1} className="section__title ctr-title">
          {contract.title}
        </h1>
        {contract.municipality && <p className="muted">{contract.municipality}</p>}
        <div className="cluster">
          <span className={`badge ctr-status ctr-status--${contract.statusCode}`}>
            {statusLabel(contract.statusCode)}
          </span>
          <span className="muted text-sm">{t.yourRole(roleLabel(contract.kind, contract.role))}</span>
        </div>
      </header>

      <ContractStepper contract={contract} />
      {/* The page follows the other party by itself (polling): a change of turn is announced. */}
      <p className={isMyTurn(contract) ? 'alert ctr-turn ctr-turn--mine' : 'ctr-turn'} aria-live="polite">
        {isMyTurn(contract) && <strong>{contractsTexts.yourTurn}. </strong>}
        {whoActs(contract)}
      </p>
      {contract.cancelledBy && (
        <p className="alert">{t.cancelledNotice(roleLabel(contract.kind, contract.cancelledBy))}</p>
      )}

      <ContractSummary contract={contract} />
      {contract.statusCode !== ContractStatus.Cancelled && <MyData contract={contract} onSent={refocus} />}
      {photosEditable(contract) && <InventoryPhotos contractId={id} editable />}
      {(downloadable || contract.documentSha256) && <Signatures contract={contract} />}

      <div className="actions ctr-actions" role="group" aria-label={t.actionsLabel}>
        {canSendToSign(contract) && <Button onClick={() => setConfirming('sendSign')}>{t.sendSign}</Button>}
        {canSign(contract) && <Button onClick={() => setSigning(true)}>{t.sign}</Button>}
        {downloadable && (
          <Button variant={signed ? 'primary' : 'secondary'} loading={downloading} onClick={download}>
            {signed ? t.download : t.downloadUnsigned}
          </Button>
        )}
        {canCancelContract(contract) && (
          <Button variant="danger" onClick={() => setConfirming('cancel')}>
            {t.cancel}
          </Button>
        )}
      </div>

      <ConfirmDialog
        open={confirming !== null}
        title={dialog.title}
        body={dialog.body}
        confirmLabel={dialog.confirm}
        cancelLabel={dialog.cancel}
        confirmVariant={confirming === 'cancel' ? 'danger' : 'primary'}
        busy={action.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      />
      <SignDialog
        contractId={id}
        role={contract.role}
        open={signing}
        onClose={() => setSigning(false)}
        onSigned={refocus}
      />
    </article>
  );
}

/** /contract/:id: where the contract stands and who must act, my form, photos, signing and download. */
export default function ContractPage() {
  useDocumentTitle(t.documentTitle);
  const { id = '' } = useParams();
  return (
    <QueryProvider>
      <div className="page-narrow">
        <Contract key={id} id={id} />
      </div>
    </QueryProvider>
  );
}
