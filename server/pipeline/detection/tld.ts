// Bare host names are only reported with a top-level domain that is rarely a file extension.
export const DOMAIN_TLDS = new Set(
  ('com org net edu gov mil int info biz io co ai app dev tech online site store shop cloud xyz me tv us uk de fr es it nl be ch at se no dk fi ' +
    'pl cz sk hu ro bg gr pt ie ca au nz za br mx ar cl jp cn kr in ru ua tr il ae sg hk tw is lu li ee lv lt si hr rs uy tn ma ng ke eu asia')
    .split(' '),
);
