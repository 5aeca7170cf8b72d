// The generator's content files, imported as modules so that esbuild bundles them into the server (no
// file access at run time: the Worker and Netlify builds need it). A unit test checks that every file of
// content/generator/sectors/ and events/ is listed here.
import general from '../../../content/generator/general.json'
import language from '../../../content/generator/language.json'
import templates from '../../../content/generator/templates.json'
import eventsAwareness from '../../../content/generator/events/awareness.json'
import eventsCommerce from '../../../content/generator/events/commerce.json'
import eventsCulture from '../../../content/generator/events/culture.json'
import eventsHolidays from '../../../content/generator/events/holidays.json'
import eventsSeasons from '../../../content/generator/events/seasons.json'
import eventsSport from '../../../content/generator/events/sport.json'
import sectorAccountingLaw from '../../../content/generator/sectors/accounting-law.json'
import sectorAnimals from '../../../content/generator/sectors/animals.json'
import sectorAssociations from '../../../content/generator/sectors/associations.json'
import sectorAutomotive from '../../../content/generator/sectors/automotive.json'
import sectorBeauty from '../../../content/generator/sectors/beauty.json'
import sectorBuilding from '../../../content/generator/sectors/building.json'
import sectorBusinessServices from '../../../content/generator/sectors/business-services.json'
import sectorCrafts from '../../../content/generator/sectors/crafts.json'
import sectorCulture from '../../../content/generator/sectors/culture.json'
import sectorDrinks from '../../../content/generator/sectors/drinks.json'
import sectorDrivingSchools from '../../../content/generator/sectors/driving-schools.json'
import sectorEducation from '../../../content/generator/sectors/education.json'
import sectorEvents from '../../../content/generator/sectors/events.json'
import sectorFarming from '../../../content/generator/sectors/farming.json'
import sectorFashion from '../../../content/generator/sectors/fashion.json'
import sectorFinance from '../../../content/generator/sectors/finance.json'
import sectorFoodShops from '../../../content/generator/sectors/food-shops.json'
import sectorGarden from '../../../content/generator/sectors/garden.json'
import sectorHealth from '../../../content/generator/sectors/health.json'
import sectorHome from '../../../content/generator/sectors/home.json'
import sectorHomeServices from '../../../content/generator/sectors/home-services.json'
import sectorLeisure from '../../../content/generator/sectors/leisure.json'
import sectorRealEstate from '../../../content/generator/sectors/real-estate.json'
import sectorRepairs from '../../../content/generator/sectors/repairs.json'
import sectorRestaurants from '../../../content/generator/sectors/restaurants.json'
import sectorRetail from '../../../content/generator/sectors/retail.json'
import sectorSport from '../../../content/generator/sectors/sport.json'
import sectorTech from '../../../content/generator/sectors/tech.json'
import sectorTourism from '../../../content/generator/sectors/tourism.json'

/** Each content file with its path under content/generator/, for error messages. */
export const bankFiles = {
  sectors: [
    { path: 'sectors/accounting-law.json', data: sectorAccountingLaw },
    { path: 'sectors/animals.json', data: sectorAnimals },
    { path: 'sectors/associations.json', data: sectorAssociations },
    { path: 'sectors/automotive.json', data: sectorAutomotive },
    { path: 'sectors/beauty.json', data: sectorBeauty },
    { path: 'sectors/building.json', data: sectorBuilding },
    { path: 'sectors/business-services.json', data: sectorBusinessServices },
    { path: 'sectors/crafts.json', data: sectorCrafts },
    { path: 'sectors/culture.json', data: sectorCulture },
    { path: 'sectors/drinks.json', data: sectorDrinks },
    { path: 'sectors/driving-schools.json', data: sectorDrivingSchools },
    { path: 'sectors/education.json', data: sectorEducation },
    { path: 'sectors/events.json', data: sectorEvents },
    { path: 'sectors/farming.json', data: sectorFarming },
    { path: 'sectors/fashion.json', data: sectorFashion },
    { path: 'sectors/finance.json', data: sectorFinance },
    { path: 'sectors/food-shops.json', data: sectorFoodShops },
    { path: 'sectors/garden.json', data: sectorGarden },
    { path: 'sectors/health.json', data: sectorHealth },
    { path: 'sectors/home.json', data: sectorHome },
    { path: 'sectors/home-services.json', data: sectorHomeServices },
    { path: 'sectors/leisure.json', data: sectorLeisure },
    { path: 'sectors/real-estate.json', data: sectorRealEstate },
    { path: 'sectors/repairs.json', data: sectorRepairs },
    { path: 'sectors/restaurants.json', data: sectorRestaurants },
    { path: 'sectors/retail.json', data: sectorRetail },
    { path: 'sectors/sport.json', data: sectorSport },
    { path: 'sectors/tech.json', data: sectorTech },
    { path: 'sectors/tourism.json', data: sectorTourism },
  ],
  events: [
    { path: 'events/awareness.json', data: eventsAwareness },
    { path: 'events/commerce.json', data: eventsCommerce },
    { path: 'events/culture.json', data: eventsCulture },
    { path: 'events/holidays.json', data: eventsHolidays },
    { path: 'events/seasons.json', data: eventsSeasons },
    { path: 'events/sport.json', data: eventsSport },
  ],
  general: { path: 'general.json', data: general },
  templates: { path: 'templates.json', data: templates },
  language: { path: 'language.json', data: language },
}
