import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { company } from '../company';
import { PrivacyProcessingSections } from '../components/privacy-processing-sections';
import { PrivacyRightsSections } from '../components/privacy-rights-sections';
import { useDocumentTitle } from '../../../shared/use-document-title';
import '../public.css';

export function PrivacyPolicyPage() {
  useDocumentTitle('Política de privacidad');

  return (
    <article className="page page-narrow prose">
      <h1>Política de privacidad</h1>
      <p className="muted">Última actualización: {company.lastUpdated}</p>
      <p>
        En Casaoferta tratamos datos personales para que propietarios, inquilinos y compradores puedan
        publicar viviendas, hacer ofertas, comparar candidaturas y firmar contratos. Esta política explica qué
        datos tratamos, para qué, con qué base jurídica, a quién se comunican, cuánto tiempo los conservamos y
        cómo puedes ejercer tus derechos, conforme al Reglamento (UE) 2016/679 (RGPD) y a la Ley Orgánica
        3/2018, de Protección de Datos Personales y garantía de los derechos digitales (LOPDGDD).
      </p>

      <section>
        <h2>1. Responsable del tratamiento</h2>
        <ul>
          <li>Titular: {company.legalName}</li>
          <li>CIF: {company.taxId}</li>
          <li>Domicilio social: {company.address}</li>
          <li>
            Correo electrónico de privacidad:{' '}
            <a href={`mailto:${company.privacyEmail}`}>{company.privacyEmail}</a>
          </li>
          <li>Sitio web: {company.website}</li>
        </ul>
        <p>
          Puedes consultar el resto de datos de la empresa en el{' '}
          <Link to={paths.legalNotice}>aviso legal</Link>.
        </p>
      </section>

      <section>
        <h2>2. Delegado de protección de datos</h2>
        <p>
          Hemos designado un Delegado de Protección de Datos (DPO), al que puedes dirigirte para cualquier
          cuestión sobre el tratamiento de tus datos escribiendo a{' '}
          <a href={`mailto:${company.privacyEmail}`}>{company.privacyEmail}</a> con el asunto «A la atención
          del DPO», o por correo postal a {company.address}.
        </p>
      </section>

      <PrivacyProcessingSections />
      <PrivacyRightsSections />
    </article>
  );
}

export default PrivacyPolicyPage;
