import type { FieldSpec } from './OverrideEditor';

const LINKS: FieldSpec[] = [
  { name: 'websiteUrl', label: 'Website', kind: 'url', group: 'Links' },
  { name: 'wikipediaUrl', label: 'Wikipedia', kind: 'url', group: 'Links' },
  { name: 'instagramUrl', label: 'Instagram', kind: 'url', group: 'Links' },
  { name: 'xUrl', label: 'X (Twitter)', kind: 'url', group: 'Links' },
];

const PICTURE_HINT = 'An https address, or upload a file.';

/** The driver editor's fields, in the contract's driverOverrideFields; the teams are the choices for "Team". */
export function driverFieldSpecs(teams: [string, string][]): FieldSpec[] {
  return [
    { name: 'firstName', label: 'First name', kind: 'text', group: 'Name and number' },
    { name: 'lastName', label: 'Last name', kind: 'text', group: 'Name and number' },
    { name: 'number', label: 'Car number', kind: 'text', group: 'Name and number', hint: 'From 1 to 99.' },
    { name: 'flag', label: 'Flag', kind: 'flag', group: 'Name and number', hint: 'A two-letter country code, such as GB.' },
    { name: 'teamId', label: 'Team', kind: 'choice', options: teams, group: 'Team and colour' },
    { name: 'colour', label: 'Colour', kind: 'colour', group: 'Team and colour', hint: 'As #RRGGBB; the team’s colour when empty.' },
    { name: 'photoUrl', label: 'Photo', kind: 'picture', picture: 'driver-photo', group: 'Photo', hint: PICTURE_HINT },
    ...LINKS,
  ];
}

export const teamFieldSpecs: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', group: 'Name' },
  { name: 'fullName', label: 'Full name', kind: 'text', group: 'Name' },
  { name: 'principal', label: 'Team principal', kind: 'text', group: 'Name' },
  { name: 'colour', label: 'Colour', kind: 'colour', group: 'Name', hint: 'As #RRGGBB; wins over the built-in colour.' },
  { name: 'logoUrl', label: 'Logo', kind: 'picture', picture: 'team-logo', group: 'Pictures', hint: PICTURE_HINT },
  { name: 'carPhotoUrl', label: 'Car photo', kind: 'picture', picture: 'car-photo', group: 'Pictures', hint: PICTURE_HINT },
  ...LINKS,
];
