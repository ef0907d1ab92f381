import { defineMessage, defineMessages } from 'react-intl';

/** Profile section of the account page: labels, hints, CEP lookup, validation, save. */
export const ProfileMessages = defineMessages({
  title: { id: 'account.profile.title', defaultMessage: 'Dados pessoais', description: 'Profile section heading' },
  name: { id: 'account.profile.name', defaultMessage: 'Nome', description: 'Full name field' },
  email: { id: 'account.profile.email', defaultMessage: 'E-mail', description: 'E-mail field' },
  cpf: { id: 'account.profile.cpf', defaultMessage: 'CPF', description: 'CPF (Brazilian tax id) field' },
  cpfHint: { id: 'account.profile.cpf.hint', defaultMessage: 'Formato 000.000.000-00', description: 'CPF format hint' },
  phone: { id: 'account.profile.phone', defaultMessage: 'Telefone', description: 'Phone field' },
  phoneHint: {
    id: 'account.profile.phone.hint',
    defaultMessage: 'Com DDD: (XX) XXXX-XXXX ou (XX) XXXXX-XXXX',
    description: 'Phone format hint',
  },
  birthDate: { id: 'account.profile.birthDate', defaultMessage: 'Data de nascimento', description: 'Birth date field' },
  address: { id: 'account.profile.address', defaultMessage: 'Endereço', description: 'Address group legend' },
  cep: { id: 'account.profile.cep', defaultMessage: 'CEP', description: 'Postal code field' },
  cepHint: {
    id: 'account.profile.cep.hint',
    defaultMessage: 'Formato 00000-000. Com o CEP completo, o endereço é preenchido automaticamente.',
    description: 'Postal code hint: format and autofill',
  },
  street: { id: 'account.profile.street', defaultMessage: 'Logradouro', description: 'Street field' },
  number: { id: 'account.profile.number', defaultMessage: 'Número', description: 'House number field' },
  complement: { id: 'account.profile.complement', defaultMessage: 'Complemento', description: 'Address complement' },
  district: { id: 'account.profile.district', defaultMessage: 'Bairro', description: 'District field' },
  city: { id: 'account.profile.city', defaultMessage: 'Cidade', description: 'City field (suggestions by state)' },
  state: { id: 'account.profile.state', defaultMessage: 'UF', description: 'State (UF) select' },
  stateChoose: { id: 'account.profile.state.choose', defaultMessage: 'Selecione', description: 'Empty UF option' },
  cepLooking: {
    id: 'account.profile.cep.looking',
    defaultMessage: 'Buscando o endereço do CEP…',
    description: 'CEP lookup in progress',
  },
  cepFilled: {
    id: 'account.profile.cep.filled',
    defaultMessage: 'Endereço preenchido pelo CEP.',
    description: 'Announced after the CEP lookup filled the address',
  },
  cepNotFound: {
    id: 'account.profile.cep.notFound',
    defaultMessage: 'CEP não encontrado. Preencha o endereço.',
    description: 'Unknown CEP: the student types the address',
  },
  cepStaleCleared: {
    id: 'account.profile.cep.staleCleared',
    defaultMessage: 'Rua, bairro, cidade e UF do CEP anterior foram apagados.',
    description:
      "After a new CEP's lookup failed: the previous CEP's address was cleared so it cannot be saved with it",
  },
  cepOffline: {
    id: 'account.profile.cep.offline',
    defaultMessage: 'Sem conexão: preencha o endereço manualmente.',
    description: 'CEP lookup failed offline or timed out',
  },
  cepFailed: defineMessage<{ reason: string }>({
    id: 'account.profile.cep.failed',
    defaultMessage: 'Não foi possível buscar o CEP ({reason}). Preencha o endereço.',
    description: 'CEP lookup failed for another reason',
  }),
  nameRequired: { id: 'account.profile.error.name', defaultMessage: 'Informe o nome.', description: 'Validation' },
  emailInvalid: {
    id: 'account.profile.error.email',
    defaultMessage: 'E-mail inválido: use o formato nome@exemplo.com.',
    description: 'Validation',
  },
  cpfInvalid: {
    id: 'account.profile.error.cpf',
    defaultMessage: 'CPF inválido: confira os dígitos.',
    description: 'Validation: CPF check digits',
  },
  phoneInvalid: {
    id: 'account.profile.error.phone',
    defaultMessage: 'Telefone inválido: use (XX) XXXX-XXXX ou (XX) XXXXX-XXXX.',
    description: 'Validation',
  },
  birthDateInvalid: {
    id: 'account.profile.error.birthDate',
    defaultMessage: 'Data de nascimento inválida.',
    description: 'Validation',
  },
  cepInvalid: {
    id: 'account.profile.error.cep',
    defaultMessage: 'CEP inválido: use 00000-000.',
    description: 'Validation',
  },
  streetRequired: {
    id: 'account.profile.error.street',
    defaultMessage: 'Informe o logradouro.',
    description: 'Validation',
  },
  numberRequired: {
    id: 'account.profile.error.number',
    defaultMessage: 'Informe o número.',
    description: 'Validation',
  },
  districtRequired: {
    id: 'account.profile.error.district',
    defaultMessage: 'Informe o bairro.',
    description: 'Validation',
  },
  cityRequired: { id: 'account.profile.error.city', defaultMessage: 'Informe a cidade.', description: 'Validation' },
  stateRequired: { id: 'account.profile.error.state', defaultMessage: 'Selecione a UF.', description: 'Validation' },
  fixErrors: {
    id: 'account.profile.error.summary',
    defaultMessage: 'Corrija os campos indicados.',
    description: 'Shown when the form has invalid fields',
  },
  save: { id: 'account.profile.save', defaultMessage: 'Salvar', description: 'Save the profile' },
  saving: { id: 'account.profile.saving', defaultMessage: 'Salvando…', description: 'Save in flight' },
  saved: { id: 'account.profile.saved', defaultMessage: 'Dados salvos.', description: 'Save succeeded' },
  saveFailed: defineMessage<{ reason: string }>({
    id: 'account.profile.saveFailed',
    defaultMessage: 'Não foi possível salvar: {reason}',
    description: 'Save failed; reason from the server or the connection',
  }),
  offline: {
    id: 'account.profile.offline',
    defaultMessage:
      'Sem conexão: seus dados pessoais não ficam salvos neste aparelho e aparecem quando a conexão voltar.',
    description: 'Offline, before the profile was read: it is never kept on the device',
  },
});

/** Identity photo for biometrics: camera, file fallback, preview, upload (the camera dialog's own: camera-dialog.tsx). */
export const BiometricsMessages = defineMessages({
  title: { id: 'account.biometrics.title', defaultMessage: 'Foto para biometria', description: 'Section heading' },
  intro: {
    id: 'account.biometrics.intro',
    defaultMessage: 'Uma foto do seu rosto, de frente e com boa luz. JPEG ou PNG de até 5 MB.',
    description: 'What photo to send',
  },
  takePhoto: { id: 'account.biometrics.takePhoto', defaultMessage: 'Tirar foto', description: 'Open the camera' },
  uploadFile: {
    id: 'account.biometrics.uploadFile',
    defaultMessage: 'Enviar arquivo',
    description: 'File input label',
  },
  cameraStarting: {
    id: 'account.biometrics.camera.starting',
    defaultMessage: 'Abrindo a câmera…',
    description: 'Waiting for camera permission',
  },
  cameraUnsupported: {
    id: 'account.biometrics.camera.unsupported',
    defaultMessage: 'Este navegador não dá acesso à câmera. Use “Enviar arquivo”.',
    description: 'No getUserMedia',
  },
  cameraDenied: {
    id: 'account.biometrics.camera.denied',
    defaultMessage:
      'O acesso à câmera foi recusado. Use “Enviar arquivo” ou permita a câmera nas configurações do navegador.',
    description: 'Camera permission refused',
  },
  cameraMissing: {
    id: 'account.biometrics.camera.missing',
    defaultMessage: 'Nenhuma câmera foi encontrada. Use “Enviar arquivo”.',
    description: 'No camera device',
  },
  cameraFailed: {
    id: 'account.biometrics.camera.failed',
    defaultMessage: 'Não foi possível usar a câmera. Use “Enviar arquivo”.',
    description: 'Other camera failure',
  },
  preview: { id: 'account.biometrics.preview', defaultMessage: 'Pré-visualização da foto', description: 'Preview alt' },
  send: { id: 'account.biometrics.send', defaultMessage: 'Enviar foto', description: 'Upload the photo' },
  discard: { id: 'account.biometrics.discard', defaultMessage: 'Descartar', description: 'Discard the chosen photo' },
  sending: { id: 'account.biometrics.sending', defaultMessage: 'Enviando foto…', description: 'Upload in flight' },
  sent: { id: 'account.biometrics.sent', defaultMessage: 'Foto enviada.', description: 'Upload succeeded' },
  sendFailed: defineMessage<{ reason: string }>({
    id: 'account.biometrics.sendFailed',
    defaultMessage: 'Não foi possível enviar a foto: {reason}',
    description: 'Upload failed',
  }),
  wrongType: {
    id: 'account.biometrics.wrongType',
    defaultMessage: 'Escolha uma imagem JPEG ou PNG.',
    description: 'Chosen file is not JPEG/PNG',
  },
  tooLarge: {
    id: 'account.biometrics.tooLarge',
    defaultMessage: 'A foto deve ter no máximo 5 MB.',
    description: 'Chosen file over 5 MB',
  },
  offline: {
    id: 'account.biometrics.offline',
    defaultMessage: 'Sem conexão: o envio da foto precisa de internet.',
    description: 'Why sending is disabled offline',
  },
});
