import type { Config } from '../../config';
import { renderContractPdf } from './document/render';
import { sealContract } from './document/seal';
import { contractSigner } from './document/signer';
import type { ContractDocumentData, ContractSigner, SignatureRecord } from './document/types';

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
    signer ??= contractSigner({
      p12Base64: config.CONTRACT_SIGNING_P12,
      p12Password: config.CONTRACT_SIGNING_PASSWORD,
      dataDir: config.dataDir,
      production: config.NODE_ENV === 'production',
    }).catch((error: unknown) => {
      signer = null;
      throw error;
    });
    return signer;
  };
  return {
    render: (data) => renderContractPdf(data),
    seal: async (input) => sealContract(input, await loadSigner()),
  };
}
