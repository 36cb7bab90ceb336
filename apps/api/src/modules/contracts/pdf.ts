import type { Config } from '../../config';
import type { ContractDocumentData, ContractSigner, SignatureRecord } from './document/types';

/**
 * The document module's code (pdf-lib, fontkit, @signpdf, node-forge) is loaded on the first contract
 * rendered or sealed, not at start (decision 036): the compiled build makes it a chunk of its own.
 */
const renderModule = () => import('./document/render');
const sealModule = () => import('./document/seal');
const signerModule = () => import('./document/signer');

/** What the contracts module asks of the document module: render the PDF, seal it once signed. */
export interface ContractPdf {
  render(data: ContractDocumentData): Promise<Uint8Array>;
  seal(input: {
    unsigned: Uint8Array;
    sha256: string;
    signatures: SignatureRecord[];
    contractId: string;
  }): Promise<Uint8Array>;
}

/**
 * The document module bound to the configured certificate, loaded once on first use (a development
 * start generates one under the data directory).
 */
export function contractPdf(config: Config): ContractPdf {
  let signer: Promise<ContractSigner> | null = null;
  const loadSigner = (): Promise<ContractSigner> => {
    signer ??= signerModule()
      .then(({ contractSigner }) =>
        contractSigner({
          p12Base64: config.CONTRACT_SIGNING_P12,
          p12Password: config.CONTRACT_SIGNING_PASSWORD,
          dataDir: config.dataDir,
          production: config.NODE_ENV === 'production',
        }),
      )
      .catch((error: unknown) => {
        signer = null;
        throw error;
      });
    return signer;
  };
  return {
    render: async (data) => (await renderModule()).renderContractPdf(data),
    seal: async (input) => {
      const [{ sealContract }, signer] = await Promise.all([sealModule(), loadSigner()]);
      return sealContract(input, signer);
    },
  };
}
